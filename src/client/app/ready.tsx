import { useEffect } from 'react';

/** Marks <html data-ready> once the page is hydrated (browser tests wait for it). Renders nothing. */
export function Ready() {
  useEffect(() => document.documentElement.setAttribute('data-ready', ''), []);
  return null;
}
