/** Placeholder until its issue lands. */
export default function EventsListScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Events</h1>;
}
