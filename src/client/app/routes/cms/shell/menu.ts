import {
  CalendarDays,
  CalendarRange,
  DatabaseBackup,
  Files,
  FolderTree,
  Globe,
  HeartHandshake,
  Images,
  History,
  Inbox,
  KanbanSquare,
  KeyRound,
  LayoutDashboard,
  LockKeyhole,
  MailPlus,
  Mails,
  type LucideIcon,
  Megaphone,
  Newspaper,
  School,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { Module } from '../../../../../shared/permissions.ts';

/** §2/§3 sidebar menu item: name, href, icon, module, optional submenu, count and countColor. */
export interface MenuItem {
  name: string;
  href: string;
  icon: LucideIcon;
  module?: Module;
  submenu?: MenuItem[];
  count?: number;
  countColor?: string;
  /** Read after the count by screen readers, in the link's name ("Enquiries 3 new"). */
  countLabel?: string;
  /** For administrators only, whatever the module's permissions (issue 29: backups and restore). */
  adminOnly?: boolean;
}

export const MAIN_MENU: MenuItem[] = [
  // Everyone's first screen (issue 31): what needs doing, each part as their permissions allow.
  { name: 'Dashboard', href: '/cms', icon: LayoutDashboard },
  { name: 'Gallery', href: '/cms/gallery', icon: Images, module: 'gallery' },
  { name: 'Events', href: '/cms/events', icon: CalendarDays, module: 'events' },
  { name: 'Blog', href: '/cms/blog', icon: Newspaper, module: 'blog' },
  { name: 'Website', href: '/cms/website', icon: Globe, module: 'website' },
  { name: 'Pages', href: '/cms/website/pages', icon: Files, module: 'website' },
  { name: 'Enquiries', href: '/cms/enquiries', icon: Inbox, module: 'leads' },
  { name: 'Admissions', href: '/cms/admissions', icon: KanbanSquare, module: 'leads' },
  { name: 'Families', href: '/cms/families', icon: HeartHandshake, module: 'families' },
  { name: 'Notices', href: '/cms/notices', icon: Megaphone, module: 'notices' },
  { name: 'Mailings', href: '/cms/notices/mailings', icon: Mails, module: 'notices' },
  { name: 'Newsletter', href: '/cms/notices/newsletter', icon: MailPlus, module: 'notices' },
];

/** Under the Administration heading (§2); Settings is collapsible with Category. */
export const ADMIN_MENU: MenuItem[] = [
  {
    name: 'Settings',
    href: '/cms/category',
    icon: Settings,
    module: 'settings',
    submenu: [
      { name: 'Category', href: '/cms/category', icon: FolderTree, module: 'settings' },
      { name: 'School profile', href: '/cms/settings/school', icon: School, module: 'settings' },
      // Issue 34: the terms and closures the repeating events follow, so those who run the events keep them.
      { name: 'School year', href: '/cms/settings/school-year', icon: CalendarRange, module: 'events' },
      { name: 'Security', href: '/cms/settings/security', icon: LockKeyhole, module: 'settings' },
      { name: 'Backups', href: '/cms/settings/backups', icon: DatabaseBackup, module: 'settings', adminOnly: true },
    ],
  },
  { name: 'Users', href: '/cms/users', icon: Users, module: 'users' },
  { name: 'Roles', href: '/cms/roles', icon: ShieldCheck, module: 'users' },
  { name: 'Permissions', href: '/cms/permissions', icon: KeyRound, module: 'users' },
  { name: 'Audit log', href: '/cms/audit', icon: History, module: 'users' },
];

/**
 * Whether the entry at `href` stands for the page at `pathname`: at its address or under it, but
 * not under another entry's own (Website is not the current entry on Pages' screens).
 */
export function isCurrentEntry(href: string, pathname: string): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (href === '/cms') return pathname === '/cms' || pathname === '/cms/';
  const deeper = [...MAIN_MENU, ...ADMIN_MENU.flatMap((i) => i.submenu ?? [i])].some(
    (item) => item.href.startsWith(`${href}/`) && under(item.href),
  );
  return under(href) && !deeper;
}

/**
 * The entries the signed-in user may open: an item with a module needs read on it, a collapsible
 * keeps the sub-links left to it (and goes when none is).
 */
export function visibleMenu(items: readonly MenuItem[], canRead: (module: Module) => boolean, isAdmin = false): MenuItem[] {
  return items.flatMap((item) => {
    if (item.adminOnly && !isAdmin) return [];
    if (item.submenu) {
      const submenu = visibleMenu(item.submenu, canRead, isAdmin);
      return submenu.length ? [{ ...item, submenu }] : [];
    }
    return !item.module || canRead(item.module) ? [item] : [];
  });
}
