import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CMS_SCREENS } from './cms-screens.ts';

export interface CmsRoute {
  path: string;
  /** Breadcrumb label. */
  title: string;
  Screen: LazyExoticComponent<ComponentType>;
}

/** One lazy component per screen module: the two event form routes share theirs. */
const screens = new Map<string, LazyExoticComponent<ComponentType>>();
const screen = (module: string) => {
  let Screen = screens.get(module);
  if (!Screen) screens.set(module, (Screen = lazy(() => import(`./screens/${module}.tsx`))));
  return Screen;
};

/** Every back-office screen (§2 Staff routes), each its own lazy chunk. Paths are under /cms. */
export const CMS_ROUTES: CmsRoute[] = CMS_SCREENS.map(({ path, title, module }) => ({ path, title, Screen: screen(module) }));
