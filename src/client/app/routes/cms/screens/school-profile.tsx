/** Placeholder until its issue lands. */
export default function SchoolProfileScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">School profile</h1>;
}
