/** §8 'Loading...' while the user (or a screen) loads. */
export function CmsLoading() {
  return (
    <p role="status" className="p-8 text-center font-semibold text-slate-600">
      Loading...
    </p>
  );
}
