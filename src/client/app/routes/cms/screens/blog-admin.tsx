/** Placeholder until its issue lands. */
export default function BlogAdminScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Blog</h1>;
}
