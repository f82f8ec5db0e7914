import { ChevronRight } from 'lucide-react';
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
  if (segments.length === 0) crumbs.push({ label: CMS_ROUTES.find((r) => r.path === '')?.title ?? 'Gallery', href: '/cms' });
  return crumbs;
}

/** One line at any width: on a phone only the screen and its parent, the screen's name cut short if need be. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = crumbsFor(pathname);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm whitespace-nowrap">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const phone = index >= crumbs.length - 2;
          return (
            <li
              key={`${crumb.href}-${index}`}
              // On a phone the parent gives way first: the screen's own name stays whole up to 55% of
              // the width ("Admissions", "Create New Event"), cut short only past that.
              className={`min-w-0 items-center gap-1 ${last ? 'flex max-w-[55vw] shrink-0 sm:max-w-none' : 'sm:shrink-0'} ${phone ? 'flex' : 'hidden sm:flex'}`}
            >
              {index > 0 && (
                <ChevronRight
                  className={`h-3.5 w-3.5 shrink-0 text-slate-500 ${index === crumbs.length - 2 ? 'hidden sm:block' : ''}`}
                  aria-hidden="true"
                />
              )}
              {last ? (
                <span aria-current="page" className="truncate font-bold text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.href} className="truncate font-medium text-slate-600 hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
