import type { Module } from '../../../../shared/permissions.ts';

/**
 * Every back-office screen (§2 Staff routes): its path under /cms, breadcrumb label and module
 * file in ./screens. Plain data, read by the router (each screen its own lazy chunk) and by the
 * server, which preloads the chunk of the screen a page opens on, and for the three busiest lists
 * their first page (`firstPage`: the module it needs read on, and the exact address the screen
 * asks for when opened without a search: e2e/back-office-lists.spec.ts checks it against the browser).
 * The editors of the website's words and pages preload what they edit the same way: a `:param` of
 * the address is the path's.
 */
export const CMS_SCREENS: readonly {
  path: string;
  title: string;
  module: string;
  firstPage?: readonly [Module, string];
}[] = [
  // Issue 31: /cms is the overview; the gallery list is under Gallery, as the spec's sidebar names it.
  { path: '', title: 'Overview', module: 'overview' },
  { path: 'gallery', title: 'Gallery', module: 'gallery-dashboard', firstPage: ['gallery', '/api/admin/galleries?limit=20'] },
  { path: 'events', title: 'Events', module: 'events-list', firstPage: ['events', '/api/events?limit=24'] },
  { path: 'events/new', title: 'Create New Event', module: 'event-form' },
  { path: 'events/edit/:id', title: 'Edit Event', module: 'event-form' },
  { path: 'events/:id', title: 'Event details', module: 'event-detail' },
  { path: 'category', title: 'Category', module: 'categories' },
  { path: 'blog', title: 'Blog', module: 'blog-admin', firstPage: ['blog', '/api/posts?limit=20'] },
  { path: 'blogpage', title: 'Post', module: 'post-view' },
  { path: 'admissions', title: 'Admissions', module: 'admissions' },
  // Issue 32: families and children; "new" before ":id", which would match it too.
  { path: 'families', title: 'Families', module: 'families-list' },
  { path: 'families/new', title: 'Add family', module: 'family-form' },
  { path: 'families/:id', title: 'Family', module: 'family-form' },
  // Issue 33: notices, their mailings and the newsletter; "new", "closure", "mailings" and "newsletter" before ":id", which would match them too.
  { path: 'notices', title: 'Notices', module: 'notices' },
  { path: 'notices/new', title: 'New notice', module: 'notice-form' },
  { path: 'notices/closure', title: 'Closure alert', module: 'closure-alert' },
  { path: 'notices/mailings', title: 'Mailings', module: 'mailings' },
  { path: 'notices/mailings/:id', title: 'Mailing', module: 'mailing-detail' },
  { path: 'notices/newsletter', title: 'Newsletter', module: 'newsletter' },
  { path: 'notices/:id', title: 'Edit notice', module: 'notice-form' },
  { path: 'website', title: 'Website', module: 'website' },
  { path: 'website/pages', title: 'Pages', module: 'website-pages' },
  {
    path: 'website/pages/:id',
    title: 'Edit page',
    module: 'website-pages-editor',
    firstPage: ['website', '/api/website/pages/:id'],
  },
  // After every other website/... screen: cmsScreenAt takes the first whose pattern fits.
  {
    path: 'website/:section',
    title: 'Edit page',
    module: 'website-section',
    firstPage: ['website', '/api/website/sections/:section'],
  },
  { path: 'enquiries', title: 'Enquiries', module: 'enquiries' },
  { path: 'settings/school', title: 'School profile', module: 'school-profile' },
  { path: 'settings/school-year', title: 'School year', module: 'school-year' },
  { path: 'settings/security', title: 'Security', module: 'security' },
  { path: 'audit', title: 'Audit log', module: 'audit' },
  { path: 'account', title: 'Account security', module: 'account' },
  { path: 'settings/backups', title: 'Backups', module: 'backups' },
  { path: 'users', title: 'Users', module: 'users' },
  { path: 'roles', title: 'Roles', module: 'roles' },
  { path: 'permissions', title: 'Permissions', module: 'permissions' },
];

/** The screen that `pathname` (/cms/...) opens, or undefined for an unknown path. */
export function cmsScreenAt(pathname: string) {
  const segments = pathname
    .replace(/^\/cms\/?/, '')
    .replace(/(?<!\/)\/+$/, '')
    .split('/');
  return CMS_SCREENS.find(({ path }) => {
    const pattern = path.split('/');
    return (
      pattern.length === segments.length && pattern.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]))
    );
  });
}

/** The screen module that `pathname` (/cms/...) opens, or undefined for an unknown path. */
export const cmsScreenFor = (pathname: string): string | undefined => cmsScreenAt(pathname)?.module;
