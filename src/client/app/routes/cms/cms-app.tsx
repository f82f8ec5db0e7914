/** The staff back office (client-rendered). Filled in by the sign-in and content issues. */
export function CmsApp() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">Sprout back office</h1>
    </main>
  );
}
