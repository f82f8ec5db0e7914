/** Placeholder until its issue lands. */
export default function PermissionsScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Permissions Management</h1>;
}
