import { useEffect } from 'react';
import { prepareWholeStylesheet } from '../lib/whole-stylesheet.ts';

/**
 * Marks <html data-ready> once the page is hydrated and the whole stylesheet, which the entry
 * started fetching, is ready to apply on first use (browser tests wait for it). Renders nothing.
 */
export function Ready() {
  useEffect(() => {
    void prepareWholeStylesheet().then(() => document.documentElement.setAttribute('data-ready', ''));
  }, []);
  return null;
}
