import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface CmsRoute {
  path: string;
  /** Breadcrumb label. */
  title: string;
  Screen: LazyExoticComponent<ComponentType>;
}

/** Every back-office screen (§2 Staff routes), each its own lazy chunk. Paths are under /cms. */
export const CMS_ROUTES: CmsRoute[] = [
  { path: '', title: 'Gallery', Screen: lazy(() => import('./screens/gallery-dashboard.tsx')) },
  { path: 'events', title: 'Events', Screen: lazy(() => import('./screens/events-list.tsx')) },
  { path: 'events/new', title: 'Create New Event', Screen: lazy(() => import('./screens/event-form.tsx')) },
  { path: 'events/edit/:id', title: 'Edit Event', Screen: lazy(() => import('./screens/event-form.tsx')) },
  { path: 'events/:id', title: 'Event details', Screen: lazy(() => import('./screens/event-detail.tsx')) },
  { path: 'category', title: 'Category', Screen: lazy(() => import('./screens/categories.tsx')) },
  { path: 'blog', title: 'Blog', Screen: lazy(() => import('./screens/blog-admin.tsx')) },
  { path: 'blogpage', title: 'Post', Screen: lazy(() => import('./screens/post-view.tsx')) },
  { path: 'admissions', title: 'Admissions', Screen: lazy(() => import('./screens/admissions.tsx')) },
  { path: 'enquiries', title: 'Enquiries', Screen: lazy(() => import('./screens/enquiries.tsx')) },
  { path: 'settings/school', title: 'School profile', Screen: lazy(() => import('./screens/school-profile.tsx')) },
  { path: 'settings/security', title: 'Security', Screen: lazy(() => import('./screens/security.tsx')) },
  { path: 'audit', title: 'Audit log', Screen: lazy(() => import('./screens/audit.tsx')) },
  { path: 'account', title: 'Account security', Screen: lazy(() => import('./screens/account.tsx')) },
  { path: 'settings/backups', title: 'Backups', Screen: lazy(() => import('./screens/backups.tsx')) },
  { path: 'users', title: 'Users', Screen: lazy(() => import('./screens/users.tsx')) },
  { path: 'roles', title: 'Roles', Screen: lazy(() => import('./screens/roles.tsx')) },
  { path: 'permissions', title: 'Permissions', Screen: lazy(() => import('./screens/permissions.tsx')) },
];
