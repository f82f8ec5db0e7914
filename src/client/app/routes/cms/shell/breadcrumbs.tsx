import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, matchPath, useLocation } from 'react-router';
import { CMS_ROUTES } from '../cms-routes.tsx';

interface Crumb {
  label: string;
  href: string;
}

/** The trail for a back-office path: each static ancestor screen, then the screen itself. */
export function crumbsFor(pathname: string): Crumb[] {
  const relative = pathname.replace(/^\/cms\/?/, '').replace(/\/$/, '');
  const crumbs: Crumb[] = [{ label: 'Dashboard', href: '/cms' }];
  const segments = relative ? relative.split('/') : [];
  for (let i = 1; i <= segments.length; i++) {
    const prefix = segments.slice(0, i).join('/');
    const last = i === segments.length;
    const route = CMS_ROUTES.find(
      (r) => (last || !r.path.includes(':')) && matchPath({ path: `/${r.path}`, end: true }, `/${prefix}`),
    );
    if (route) crumbs.push({ label: route.title, href: `/cms/${prefix}` });
  }
  if (segments.length === 0) crumbs.push({ label: CMS_ROUTES.find((r) => r.path === '')?.title ?? 'Overview', href: '/cms' });
  return crumbs;
}

/**
 * One line at any width. From 640 px the whole trail; on a phone, where the trail cut its parent
 * down to a letter ("E › Create New Event"), the screen's name alone, after an arrow back to its
 * parent screen when that is not the dashboard (the menu reaches the dashboard's screens).
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = crumbsFor(pathname);
  const current = crumbs[crumbs.length - 1]!;
  const parent = crumbs.length > 2 ? crumbs[crumbs.length - 2] : undefined;
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="hidden min-w-0 items-center gap-1 text-sm whitespace-nowrap sm:flex">
        {crumbs.map((crumb, index) => (
          // The screen's own name is cut short if the bar is too narrow (640 px and a long name).
          <li
            key={`${crumb.href}-${index}`}
            className={`flex min-w-0 items-center gap-1 ${index === crumbs.length - 1 ? '' : 'shrink-0'}`}
          >
            {index > 0 && <ChevronRight className="h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden="true" />}
            {index === crumbs.length - 1 ? (
              <CurrentCrumb label={crumb.label} />
            ) : (
              <Link to={crumb.href} className="font-medium text-slate-600 hover:text-brand-700 hover:underline">
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
      <div className="flex min-w-0 items-center gap-1 text-sm whitespace-nowrap sm:hidden">
        {parent && (
          <Link
            to={parent.href}
            aria-label={`Back to ${parent.label}`}
            title={parent.label}
            className="-ml-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-brand-700"
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </Link>
        )}
        <CurrentCrumb label={current.label} />
      </div>
    </nav>
  );
}

const CurrentCrumb = ({ label }: { label: string }) => (
  <span aria-current="page" className="truncate font-bold text-slate-900">
    {label}
  </span>
);
