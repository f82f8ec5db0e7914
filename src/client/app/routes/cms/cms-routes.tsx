import { lazy, startTransition, useEffect, useState, type ComponentType } from 'react';
import { CMS_SCREENS, cmsScreenFor } from './cms-screens.ts';
import { CmsLoading } from './shell/cms-loading.tsx';

export interface CmsRoute {
  path: string;
  /** Breadcrumb label. */
  title: string;
  Screen: ComponentType;
}

/** Screen modules already loaded: drawn at once, without a lazy component's Suspense fallback. */
const loaded = new Map<string, ComponentType>();
const load = (module: string) =>
  import(`./screens/${module}.tsx`).then((m: { default: ComponentType }) => {
    loaded.set(module, m.default);
    return m;
  });

/**
 * Loads the screen that `pathname` opens before the back office is first drawn (the page preloads
 * its chunk, so this waits for nothing more). Through a lazy component the first screen suspended
 * once, and React shows what a suspended boundary reveals no sooner than 300 ms after its fallback:
 * the events list, its data in hand at 70-140 ms, appeared at 430-500 ms on a desktop.
 */
export const loadScreenAt = async (pathname: string): Promise<void> => {
  const module = cmsScreenFor(pathname);
  // A chunk that fails to load here is tried again, and reported, by the lazy component.
  if (module) await load(module).catch(() => undefined);
};

/** Whether a screen has been drawn since the page loaded. */
let drawnOnce = false;

/**
 * One component per screen module (the two event form routes share theirs): the module once loaded,
 * else lazy. The page's first screen is drawn in a task after the shell's, as it was behind the lazy
 * component, so that the browser paints the shell first and neither task is as long as both.
 */
const screens = new Map<string, ComponentType>();
const screen = (module: string) => {
  let Screen = screens.get(module);
  if (!Screen) {
    const Lazy = lazy(() => load(module));
    Screen = function CmsScreen() {
      const [afterShell, setAfterShell] = useState(drawnOnce);
      useEffect(() => {
        if (afterShell) return;
        drawnOnce = true;
        startTransition(() => setAfterShell(true));
      }, [afterShell]);
      const Loaded = loaded.get(module);
      if (!afterShell) return <CmsLoading />;
      return Loaded ? <Loaded /> : <Lazy />;
    };
    screens.set(module, Screen);
  }
  return Screen;
};

/** Every back-office screen (§2 Staff routes), each its own lazy chunk. Paths are under /cms. */
export const CMS_ROUTES: CmsRoute[] = CMS_SCREENS.map(({ path, title, module }) => ({ path, title, Screen: screen(module) }));
