import { useEffect, useState } from 'react';

/**
 * While `unsaved`, asks before the page is left: the browser's own question on a reload, a
 * closed tab or an address typed; for a link inside the page (the menu, the breadcrumbs), the
 * screen's own dialog, through `pending`: the address the link goes to, to go on to or stay.
 * (The back office's router has no navigation blocker: it is not a data router.)
 */
export function useLeaveWarning(unsaved: boolean) {
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    // Before the router's own listener sees the click (capture, on the document).
    const click = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.hasAttribute('download') || link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname && link.search === window.location.search) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(link.pathname + link.search + link.hash);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [unsaved]);
  return { pending, stay: () => setPending(null) };
}
