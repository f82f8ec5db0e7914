import { PageLink } from '#client/components/public/page-link.tsx';
import { Icon } from '#client/components/public/icon.tsx';
import { ChevronDown, Menu, X } from '#client/components/public/icons.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { PublicPageLink } from '#client/lib/public-data.ts';
import { Logo } from './logo.tsx';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/programs', label: 'Programs' },
  { to: '/curriculum', label: 'Curriculum' },
  { to: '/contact', label: 'Contact' },
  { to: '/blog', label: 'Blog' },
  // Issue 31: the events list had no way in but the home page's "View All Posts".
  { to: '/events', label: 'Events' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-[15px] font-semibold transition-colors hover:bg-brand-100 hover:text-brand-700 ${
    isActive ? 'text-brand-700' : 'text-slate-700'
  }`;

function isActiveLink(to: string, pathname: string) {
  const path = pathname.toLowerCase();
  // An event's page (/event/{id}) is in the events.
  if (to === '/events' && path.startsWith('/event/')) return true;
  return path === to || (to !== '/' && path.startsWith(to) && path.charAt(to.length) === '/');
}

/** The school's own pages placed in the header menu, after the built-in ones (issue 30). */
const pageLinks = (pages: readonly Pick<PublicPageLink, 'slug' | 'title'>[]) =>
  pages.map((page) => ({ to: `/${page.slug}`, label: page.title }));

/** The menu link shown as the current page at `pathname` (what the header's markup depends on besides the school and its pages). */
export const activeLinkOf = (pathname: string, pages: readonly Pick<PublicPageLink, 'slug' | 'title'>[] = []) =>
  [...NAV_LINKS, ...pageLinks(pages)].find((link) => isActiveLink(link.to, pathname))?.to ?? '';

/**
 * What NavLink renders for these fixed absolute paths (its `isActive` rule, case-insensitive, and
 * aria-current="page"), without its per-link path resolution and view-transition lookups: the
 * header draws twelve of them on every server-rendered page.
 */
function HeaderLink({ to, label, onClick, block }: { to: string; label: string; onClick?: () => void; block?: boolean }) {
  const isActive = isActiveLink(to, useLocation().pathname);
  // In the phone menu a block of its own, 44 px tall: an inline link's padding overlapped the next one.
  const className = block ? `${linkClass({ isActive })} block min-h-11 py-2.5` : linkClass({ isActive });
  return (
    <PageLink to={to} aria-current={isActive ? 'page' : undefined} className={className} onClick={onClick}>
      {label}
    </PageLink>
  );
}

/** Pages of the school's own shown in the wide header by themselves; more than this go under "More". */
const INLINE_PAGES = 1;

/**
 * The wide header's "More": the school's own pages when there are several (the built-in links
 * already fill the bar at 1024 px). A disclosure button and its list: Escape or a click elsewhere
 * closes it, and choosing a page does.
 */
function MorePages({ links }: { links: { to: string; label: string }[] }) {
  const listId = useId();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  const current = links.some((link) => isActiveLink(link.to, pathname));
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
        className={`${linkClass({ isActive: current })} inline-flex items-center gap-1`}
      >
        More
        <Icon icon={ChevronDown} size={16} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 min-w-52 rounded-2xl border border-orange-100 bg-white p-2 shadow-lg"
      >
        {links.map((link) => (
          <li key={link.to}>
            <HeaderLink to={link.to} label={link.label} onClick={() => setOpenOn(null)} block />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteHeader({
  schoolName,
  brandLine,
  pages = [],
}: {
  schoolName: string;
  brandLine: string;
  /** Published pages placed in the header. */
  pages?: readonly Pick<PublicPageLink, 'slug' | 'title'>[];
}) {
  const menuId = useId();
  const ownLinks = pageLinks(pages);
  const links = [...NAV_LINKS, ...ownLinks];
  const { pathname } = useLocation();
  // The small-screen menu is open for the page it was opened on: choosing a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-orange-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <a href="#main" className="skip-link rounded bg-slate-900 px-3 py-2 text-white">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <PageLink to="/" className="flex items-center gap-2">
          <Logo />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-extrabold text-slate-900">{schoolName}</span>
            {brandLine && <span className="text-xs font-medium text-slate-600">{brandLine}</span>}
          </span>
        </PageLink>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {(ownLinks.length > INLINE_PAGES ? NAV_LINKS : links).map((link) => (
            <HeaderLink key={link.to} to={link.to} label={link.label} />
          ))}
          {ownLinks.length > INLINE_PAGES && <MorePages links={ownLinks} />}
          <PageLink
            to="/admission"
            className="ml-2 rounded-full bg-brand-600 px-5 py-2 text-[15px] font-bold text-white shadow-sm transition hover:bg-brand-700"
          >
            Admission
          </PageLink>
        </nav>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-800 hover:bg-brand-100 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen(!open)}
        >
          {open ? <Icon icon={X} /> : <Icon icon={Menu} />}
        </button>
      </div>
      <nav
        id={menuId}
        aria-label="Main menu"
        hidden={!open}
        // The school's own pages can make the list longer than a phone's screen: it scrolls under the sticky bar.
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-orange-100 bg-white px-4 pb-4 pt-2 lg:hidden"
      >
        <ul className="flex flex-col gap-1">
          {links.map((link) => (
            <li key={link.to}>
              <HeaderLink to={link.to} label={link.label} onClick={() => setOpen(false)} block />
            </li>
          ))}
          <li className="pt-2">
            <PageLink
              to="/admission"
              onClick={() => setOpen(false)}
              className="block rounded-full bg-brand-600 px-5 py-2.5 text-center font-bold text-white hover:bg-brand-700"
            >
              Admission
            </PageLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
