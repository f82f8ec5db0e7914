/** The one-time install wizard (client-rendered). Filled in by the install issue. */
export function InstallApp() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">Install Sprout</h1>
    </main>
  );
}
