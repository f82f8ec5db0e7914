import { KeyRound, LogOut, Menu, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { Tooltip } from '../../../../components/ui/tooltip.tsx';
import type { CurrentUser } from '../../../../../shared/schemas/user.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';

export function displayName(user: CurrentUser) {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.username;
}

export function TopBar({
  user,
  onOpenMenu,
  menuOpen,
  onChangePassword,
  onLogout,
  loggingOut,
}: {
  user: CurrentUser;
  onOpenMenu: () => void;
  menuOpen: boolean;
  onChangePassword: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const initials = displayName(user)
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <header className="sticky top-0 z-30 flex min-h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        onClick={onOpenMenu}
      >
        <Menu className="h-5 w-5" aria-hidden="true" />
      </Button>
      <div className="min-w-0 flex-1">
        <Breadcrumbs />
      </div>
      <div className="flex items-center gap-2">
        <div className="hidden items-center gap-2 sm:flex">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
          >
            {initials}
          </span>
          <span className="flex flex-col leading-tight">
            <span className="text-sm font-bold text-slate-900">{displayName(user)}</span>
            <span className="text-xs text-slate-600">{user.role?.displayName ?? 'No role'}</span>
          </span>
        </div>
        <span className="sr-only sm:hidden">Signed in as {displayName(user)}</span>
        <Tooltip content="Account security">
          <Button asChild variant="ghost" size="icon">
            <Link to="/cms/account" aria-label="Account security">
              <ShieldCheck className="h-5 w-5" aria-hidden="true" />
            </Link>
          </Button>
        </Tooltip>
        <Tooltip content="Change password">
          <Button variant="ghost" size="icon" aria-label="Change password" onClick={onChangePassword}>
            <KeyRound className="h-5 w-5" aria-hidden="true" />
          </Button>
        </Tooltip>
        {/* On a phone the icon alone (its name stays "Log Out"), leaving the breadcrumb room. */}
        <Button variant="secondary" size="md" className="max-sm:px-2.5" onClick={onLogout} disabled={loggingOut}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          <span className="max-sm:sr-only">Log Out</span>
        </Button>
      </div>
    </header>
  );
}
