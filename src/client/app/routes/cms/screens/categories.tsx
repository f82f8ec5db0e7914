/** Placeholder until its issue lands. */
export default function CategoriesScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Manage Categories</h1>;
}
