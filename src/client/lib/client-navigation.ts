import { useEffect } from 'react';
import { redirectDocument, useNavigate } from 'react-router';

/** Served by the server, not the router: the API, uploads, built assets, feeds and other files. */
const NOT_A_PAGE = /^\/(api|uploads|assets)(\/|$)|\.[A-Za-z0-9]+$/;

/** The path to navigate to for a click on `anchor`, or null when the browser should follow it itself. */
export function clientPathFor(anchor: HTMLAnchorElement, event: MouseEvent, here: Location): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const href = anchor.getAttribute('href');
  if (href === null || href.startsWith('#')) return null;
  const url = new URL(anchor.href, here.href);
  if (url.origin !== here.origin || NOT_A_PAGE.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * One click listener for the whole public site: a left click on a link to one of its pages
 * navigates in the browser (no reload), as react-router's Link would; modified clicks, other
 * sites, files, feeds and in-page anchors are left to the browser.
 */
export function useClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const path = clientPathFor(anchor, event, window.location);
      if (!path) return;
      event.preventDefault();
      void navigate(path);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}

/**
 * The loader of a route owned by the other entry (public site / back office): moving there loads
 * the page from the server, which sends that entry.
 */
export const loadDocument = ({ request }: { request: Request }) => redirectDocument(request.url);

/**
 * Renders nothing and loads `to` (by default the address already shown) from the server, in place
 * of the current history entry: a page of the other entry, which this one cannot draw.
 */
export function LoadDocument({ to }: { to?: string }) {
  useEffect(() => window.location.replace(to ?? window.location.href), [to]);
  return null;
}
