/** Placeholder until its issue lands. */
export default function EventFormScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Event form</h1>;
}
