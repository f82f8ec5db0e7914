import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Logo } from '../../../components/layout/logo.tsx';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { useInstallStatus } from '../../../features/install/api/get-install-status.ts';
import { InstallWizard } from '../../../features/install/components/install-wizard.tsx';
import { useSetupCodeFromAddress } from '../../../features/install/hooks/use-setup-code-from-address.ts';
import { createStaffQueryClient } from '../../../lib/query-client.ts';

/** The one-time install wizard (client-rendered, DESIGN §4). */
export function InstallApp() {
  const [client] = useState(createStaffQueryClient);
  useEffect(() => {
    document.title = 'Install Sprout';
  }, []);
  return (
    <QueryClientProvider client={client}>
      <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-sky-soft">
        <header className="mx-auto flex max-w-3xl items-center gap-3 px-4 pt-8">
          <Logo size={44} />
          <div>
            <p className="text-sm font-semibold text-slate-600">Sprout</p>
            <h1 className="text-2xl font-extrabold text-slate-900">Set up your school</h1>
          </div>
        </header>
        <main id="main" className="mx-auto max-w-3xl px-4 py-6 pb-16">
          <InstallScreen />
        </main>
      </div>
      <Toaster />
    </QueryClientProvider>
  );
}

function InstallScreen() {
  const status = useInstallStatus();
  const codeFromAddress = useSetupCodeFromAddress();
  if (status.isPending) return <p className="p-6 text-slate-700">Loading...</p>;
  if (status.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 shadow">
        <p className="font-semibold text-red-800">The server could not be reached: {status.error.message}</p>
        <button type="button" onClick={() => void status.refetch()} className="mt-3 font-bold text-brand-700 underline">
          Try again
        </button>
      </div>
    );
  }
  if (status.data.installed) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-lg ring-1 ring-slate-200">
        <h2 className="text-xl font-extrabold text-slate-900">Sprout is already installed</h2>
        <p className="mt-2 text-slate-700">The setup wizard runs only once. Sign in to the back office to manage your school.</p>
        <a href="/cms" className="mt-5 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700">
          Go to the back office
        </a>
      </div>
    );
  }
  return (
    <InstallWizard
      needsSetupCode={status.data.needsSetupCode}
      databaseConfigured={status.data.databaseConfigured}
      initialSetupCode={codeFromAddress}
    />
  );
}
