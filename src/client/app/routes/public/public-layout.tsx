import { useEffect, useRef } from 'react';
import { Outlet, useLoaderData, useLocation, useMatches, type LoaderFunctionArgs, type UIMatch } from 'react-router';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { activeLinkOf, SiteHeader } from '#client/components/layout/site-header.tsx';
import { NoticeBanners } from '#client/components/public/notice-banners.tsx';
import { SubscribeForm } from '#client/features/newsletter/components/subscribe-form.tsx';
import { Once } from '#client/lib/once.tsx';
import { useClientNavigation } from '#client/lib/client-navigation.ts';
import { publicData } from '#client/lib/public-data.ts';
import { pageMetaFor } from '../../meta.ts';

export async function publicLayoutLoader({ context }: LoaderFunctionArgs) {
  const data = publicData(context);
  // The menus' own pages and the notices: without them the site still shows its built-in pages.
  const [school, pages, notices] = await Promise.all([
    data.school(),
    data.pages().catch(() => []),
    data.notices().catch(() => []),
  ]);
  return { school, pages, notices };
}

export type PublicLayoutData = Awaited<ReturnType<typeof publicLayoutLoader>>;

/**
 * Every route change scrolls to the top (§2) and updates the title after client navigation. A page
 * loaded afresh is not a route change: the browser has placed it, at its #anchor if it has one (a
 * shared link to /events?past=3#past-events opens at that list).
 */
function useRouteChangeEffects(schoolName: string) {
  const { pathname } = useLocation();
  const matches = useMatches() as UIMatch[];
  const loaded = useRef(false);
  useEffect(() => {
    if (!loaded.current) return void (loaded.current = true);
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  useEffect(() => {
    const meta = pageMetaFor(matches, window.location.origin);
    if (!meta) return;
    document.title = meta.title.includes(schoolName) ? meta.title : `${meta.title} | ${schoolName}`;
    const description = document.querySelector('meta[name="description"]');
    if (description && meta.description) description.setAttribute('content', meta.description);
  }, [matches, schoolName]);
}

export function PublicLayout() {
  const { school, pages, notices } = useLoaderData() as PublicLayoutData;
  const { pathname } = useLocation();
  const menuPages = pages.filter((page) => page.placement === 'header');
  useRouteChangeEffects(school.name);
  useClientNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-white font-sans text-slate-800">
      <Once id={`header ${activeLinkOf(pathname, menuPages)}`}>
        <SiteHeader schoolName={school.name} brandLine={school.brandLine} pages={menuPages} />
      </Once>
      <NoticeBanners notices={notices} timeZone={school.timezone} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Once id="footer">
        <SiteFooter
          school={school}
          pages={pages}
          newsletter={
            <SubscribeForm
              source="footer"
              tone="dark"
              labelledBy="footer-newsletter"
              branches={school.branches.map((b) => b.name)}
            />
          }
        />
      </Once>
    </div>
  );
}
