/** Placeholder until its issue lands. */
export default function UsersScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">User Management</h1>;
}
