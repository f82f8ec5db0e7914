import { moduleLabel } from '../../../../components/permission-grid.tsx';
import type { Action, Module } from '../../../../../shared/permissions.ts';
import { cmsScreenAt } from '../cms-screens.ts';
import { ADMIN_MENU, MAIN_MENU, visibleMenu, type MenuItem } from './menu.ts';

/** Every link of the menu: a collapsible's own address is its first sub-link's, which stands for it. */
const flatten = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.submenu ? flatten(item.submenu) : [item]));
const MENU_ITEMS = flatten([...MAIN_MENU, ...ADMIN_MENU]);

/**
 * The menu entry that stands for the screen at `pathname`: the entry of its own address, else of
 * the nearest parent address (/cms/events/edit/3 is the Events entry's). The dashboard (/cms) is
 * no one's parent, and everyone's: its overview shows each part as the user's permissions allow
 * (issue 31). A post's preview is the Blog entry's; the account is everyone's.
 */
export function menuItemForScreen(pathname: string): MenuItem | undefined {
  const screen = cmsScreenAt(pathname);
  if (!screen?.path) return undefined;
  // A post's preview is the blog's, though its address is not under /cms/blog.
  const address = screen.path === 'blogpage' ? '/cms/blog/post' : `/cms/${screen.path}`;
  return MENU_ITEMS.filter((item) => item.href === address || (item.href !== '/cms' && address.startsWith(`${item.href}/`))).sort(
    (a, b) => b.href.length - a.href.length,
  )[0];
}

/** Why a user may not open a screen, and where they may go instead. */
export interface Refusal {
  /** The screen's menu entry. */
  item: MenuItem;
  /** What it needs, in plain words, for the user to ask for. */
  needs: string;
}

/** Screens that change what they show: opened without write, their form could only be refused. */
const WRITE_SCREENS: Record<string, string> = {
  'events/new': 'Adding an event',
  'events/edit/:id': 'Changing an event',
  'families/new': 'Adding a family',
  'notices/new': 'Writing a notice',
  'notices/closure': 'Sending a closure alert',
};

/**
 * Whether the signed-in user may open the screen at `pathname`, decided as the menu decides what
 * to show (visibleMenu): null when they may, else why not. The server decides in the end; this
 * keeps a screen they could not load from drawing itself, and asking, at all.
 */
export function screenRefusal(
  pathname: string,
  canRead: (module: Module) => boolean,
  isAdmin: boolean,
  /** The user's other permissions: without it, the forms' need to write is not checked. */
  can?: (module: Module, action: Action) => boolean,
): Refusal | null {
  const item = menuItemForScreen(pathname);
  if (!item) return null;
  if (!visibleMenu([item], canRead, isAdmin).length) {
    return {
      item,
      needs: item.adminOnly
        ? `Only administrators can open ${item.name}.`
        : `Opening ${item.name} needs the “${moduleLabel(item.module!)}” permission. Ask an administrator if you need it.`,
    };
  }
  const writing = WRITE_SCREENS[cmsScreenAt(pathname)?.path ?? ''];
  if (writing && item.module && can && !can(item.module, 'write')) {
    return {
      item,
      needs: `${writing} needs permission to change “${moduleLabel(item.module)}”. Ask an administrator if you need it.`,
    };
  }
  return null;
}
