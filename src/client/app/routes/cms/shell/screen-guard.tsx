import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useUser } from '../../../../features/auth/api/get-user.ts';
import { usePermissions } from '../../../../features/auth/hooks/use-can.ts';
import { screenRefusal } from './screen-access.ts';

/**
 * The route-level check: a screen the signed-in user may not open (the menu does not show it to
 * them, or a form they may not save) is not drawn, so it asks the server for nothing and never
 * waits on "Loading"; a plain "no access" panel says what it needs and leads back to the
 * dashboard, which every member of staff may open (issue 31).
 */
export function ScreenGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const can = usePermissions();
  const isAdmin = useUser().data?.roleName === 'admin';
  const headingId = useId();
  const refusal = screenRefusal(pathname, (module) => can(module, 'read'), isAdmin, can);
  if (!refusal) return children;
  const { needs } = refusal;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-xl py-16 text-center">
      <h1 id={headingId} className="text-2xl font-extrabold text-slate-900">
        You do not have access to this page
      </h1>
      <p className="mt-3 text-slate-700">{needs}</p>
      <Link to="/cms" className="mt-6 inline-block font-bold text-brand-700 underline">
        Back to the dashboard
      </Link>
    </section>
  );
}
