/** Placeholder until its issue lands. */
export default function GalleryDashboardScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>;
}
