/** Placeholder until its issue lands. */
export default function RolesScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Role Management</h1>;
}
