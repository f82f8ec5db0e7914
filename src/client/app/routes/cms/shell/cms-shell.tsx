import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLogout } from '../../../../features/auth/api/logout.ts';
import type { CurrentUser } from '../../../../../shared/schemas/user.ts';
import { SidebarContent } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useSchoolName } from '#client/features/school/api/school.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// Loaded the first time it is opened: the form's code is not part of every screen's start.
const ChangePasswordDialog = lazyComponent(() =>
  import('../../../../features/auth/components/change-password-dialog.tsx').then((m) => m.ChangePasswordDialog),
);

/** §9: the sidebar is a drawer under 1024 px. */
const DRAWER_BREAKPOINT = 1024;
/** Long enough to read 'Logout successful!' before leaving the back office. */
const LOGOUT_REDIRECT_MS = 1200;

export function CmsShell({ user, onSignedOut, children }: { user: CurrentUser; onSignedOut: () => void; children: ReactNode }) {
  const schoolName = useSchoolName();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Kept once opened, so that it can close as a dialog does.
  const [passwordUsed, setPasswordUsed] = useState(false);
  // The home page is the public entry's: loaded from the server, not drawn here.
  const logout = useLogout({ onDone: () => setTimeout(() => window.location.assign('/'), LOGOUT_REDIRECT_MS) });
  const closeDrawerOnSmallScreens = () => {
    if (window.innerWidth < DRAWER_BREAKPOINT) setDrawerOpen(false);
  };

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a href="#cms-main" className="skip-link rounded bg-slate-900 px-3 py-2 text-white">
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <SidebarContent schoolName={schoolName} onNavigate={closeDrawerOnSmallScreens} />
      </aside>
      <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
          <RadixDialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none lg:hidden"
          >
            <RadixDialog.Title className="sr-only">Menu</RadixDialog.Title>
            <RadixDialog.Close
              className="absolute top-4 right-3 rounded-md p-1 text-slate-600 hover:bg-slate-100"
              aria-label="Close menu"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
            <SidebarContent schoolName={schoolName} onNavigate={closeDrawerOnSmallScreens} />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
      <div className="min-w-0 flex-1">
        <TopBar
          user={user}
          menuOpen={drawerOpen}
          onOpenMenu={() => setDrawerOpen(true)}
          onChangePassword={() => {
            setPasswordUsed(true);
            setPasswordOpen(true);
          }}
          onLogout={() => logout.mutate()}
          loggingOut={logout.isPending || logout.isSuccess}
        />
        <main id="cms-main" className="mx-auto max-w-6xl p-4 sm:p-6">
          {children}
        </main>
      </div>
      {passwordUsed && <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} onSignedOut={onSignedOut} />}
    </div>
  );
}
