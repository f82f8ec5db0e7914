import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { USER_QUERY_KEY, useUser } from '../../../features/auth/api/get-user.ts';
import { LoadDocument } from '../../../lib/client-navigation.ts';
import { createStaffQueryClient } from '../../../lib/query-client.ts';
import type { CurrentUser } from '../../../../shared/schemas/user.ts';
import { CMS_ROUTES, loadScreenAt } from './cms-routes.tsx';
import { crumbsFor } from './shell/breadcrumbs.tsx';
import { CmsLoading } from './shell/cms-loading.tsx';
import { CmsShell } from './shell/cms-shell.tsx';
import { TwoFactorRequiredGate } from '../../../features/account/components/two-factor-required-gate.tsx';
import { ScreenGuard } from './shell/screen-guard.tsx';
import { lazyComponent } from '../../../lib/lazy-component.tsx';

// The sign-in screens, with the forms' code and schemas, are chunks of their own: a signed-in page
// loads none of it (docs/decisions/0022-back-office-start.md).
const LoginScreen = lazyComponent(() => import('./shell/login-screen.tsx').then((m) => m.LoginScreen), <CmsLoading />);
const ResetPasswordScreen = lazyComponent(
  () => import('./shell/reset-password-screen.tsx').then((m) => m.ResetPasswordScreen),
  <CmsLoading />,
);

/**
 * Loads what the page's first screen draws before the back office is first drawn (the page preloads
 * those chunks): the screen, or for a page without a signed-in user (cms-shell.ts writes none into
 * it) the sign-in screen; the "Forgot password?" link's own screen either way.
 */
export async function loadFirstScreen(pathname: string): Promise<void> {
  if (pathname === '/cms/reset-password') return void (await ResetPasswordScreen.preload().catch(() => undefined));
  if (document.getElementById('cms-user')) await loadScreenAt(pathname);
  else await LoginScreen.preload().catch(() => undefined);
}

/** The staff back office (client-rendered): sign-in, the guard of §2, the shell and every screen. */
export function CmsApp() {
  // Why the user must sign in again where they are (password changed, session ended), or null.
  const [notice, setNotice] = useState<string | null>(null);
  const [client] = useState(() => {
    const queryClient = createStaffQueryClient({
      onUnauthorized: (queryClient) => {
        if (!queryClient.getQueryData(USER_QUERY_KEY)) return;
        setNotice(SESSION_ENDED);
        queryClient.setQueryData(USER_QUERY_KEY, null);
      },
      // Permissions changed since they were read: read them again, so controls match the server.
      onForbidden: (queryClient) => void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    });
    // A signed-in user read again as nobody (deactivated, deleted, signed out elsewhere): sign in here.
    let signedIn = false;
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== JSON.stringify(USER_QUERY_KEY)) return;
      const user = event.query.state.data as unknown;
      if (signedIn && user === null && event.action.type === 'success') setNotice((n) => n ?? SESSION_ENDED);
      if (user !== undefined) signedIn = user !== null;
    });
    seedSignedInUser(queryClient);
    return queryClient;
  });
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <CmsRoot notice={notice} setNotice={setNotice} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

/**
 * The signed-in user the server wrote into the page (src/server/plugins/cms-shell.ts): the first
 * screen starts without waiting for /api/auth/user. Kept until the back office is on screen: React
 * may start drawing it more than once and keep only the last try.
 */
let pageUser: CurrentUser | null = null;
function seedSignedInUser(queryClient: QueryClient) {
  const block = document.getElementById('cms-user');
  if (block?.textContent) {
    block.remove();
    try {
      pageUser = (JSON.parse(block.textContent) as { user: CurrentUser }).user;
    } catch {
      // Not ours to read: /api/auth/user answers as before.
    }
  }
  if (pageUser) queryClient.setQueryData(USER_QUERY_KEY, pageUser);
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const PASSWORD_CHANGED = 'Your password was changed. Please sign in with the new one.';

function CmsRoot({ notice, setNotice }: { notice: string | null; setNotice: (notice: string | null) => void }) {
  const user = useUser();
  const { pathname } = useLocation();
  const isIndex = /^\/cms\/?$/.test(pathname);

  // An administrator may change this user's role or permissions at any time: read them again on
  // every move to another screen (one small request), so the controls shown follow at once.
  const queryClient = useQueryClient();
  useEffect(() => {
    // The user the page came with is as fresh as the page: read again from the next move on.
    if (pageUser) return void (pageUser = null);
    if (queryClient.getQueryData(USER_QUERY_KEY)) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [pathname, queryClient]);

  useEffect(() => {
    const crumbs = crumbsFor(pathname);
    document.title = user.data ? `${crumbs[crumbs.length - 1]!.label} · Back office` : 'Sign in · Back office';
  }, [pathname, user.data]);

  // The link of a "Forgot password?" e-mail, signed in or not.
  if (pathname === '/cms/reset-password') return <ResetPasswordScreen />;
  if (user.isPending) return <CmsLoading />;
  if (user.isError) {
    return (
      <main className="p-8 text-center">
        <p role="alert" className="font-semibold text-red-800">
          The server could not be reached: {user.error.message}
        </p>
        <button type="button" className="mt-3 font-bold text-brand-700 underline" onClick={() => void user.refetch()}>
          Try again
        </button>
      </main>
    );
  }
  if (!user.data) {
    // Signed out while working: sign in again here instead of being sent away.
    if (notice) return <LoginScreen notice={notice} onSignedIn={() => setNotice(null)} />;
    // §2: /cms shows the login screen; every other back-office route redirects to / when signed out
    // (the public entry's page, loaded from the server).
    return isIndex ? <LoginScreen /> : <LoadDocument to="/" />;
  }
  return (
    <CmsShell user={user.data} onSignedOut={() => setNotice(PASSWORD_CHANGED)}>
      <TwoFactorRequiredGate due={user.data.twoFactorSetupDue}>
        <ScreenGuard>
          <Suspense fallback={<CmsLoading />}>
            <Routes>
              {CMS_ROUTES.map(({ path, Screen }) => (
                <Route key={path || 'index'} path={path || undefined} index={!path} element={<Screen />} />
              ))}
              <Route path="*" element={<CmsNotFound />} />
            </Routes>
          </Suspense>
        </ScreenGuard>
      </TwoFactorRequiredGate>
    </CmsShell>
  );
}

function CmsNotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">Oops! Page not found</h1>
      <Link to="/cms" className="mt-4 inline-block font-bold text-brand-700 underline">
        Back to the dashboard
      </Link>
    </section>
  );
}
