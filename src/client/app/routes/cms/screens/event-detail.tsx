/** Placeholder until its issue lands. */
export default function EventDetailScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Event details</h1>;
}
