import type { RouteObject } from 'react-router';
import { HomePage, homeHandle } from './routes/public/home.tsx';
import { NotFoundPage, notFoundHandle, notFoundLoader } from './routes/public/not-found.tsx';
import { PublicLayout, publicLayoutLoader } from './routes/public/public-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * One route table for the server renderer and the browser. Public pages are imported eagerly
 * (they are server-rendered and hydrated); the back office and the wizard are lazy chunks that a
 * parent never downloads.
 */
export const routes: RouteObject[] = [
  {
    id: 'public',
    path: '/',
    Component: PublicLayout,
    loader: publicLayoutLoader,
    // A failing layout loader still needs a page; errors below render inside the layout.
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomePage, handle: homeHandle },
          { path: '*', Component: NotFoundPage, loader: notFoundLoader, handle: notFoundHandle },
        ],
      },
    ],
  },
  {
    path: '/cms/*',
    lazy: async () => ({ Component: (await import('./routes/cms/cms-app.tsx')).CmsApp }),
  },
  {
    path: '/install/*',
    lazy: async () => ({ Component: (await import('./routes/install/install-app.tsx')).InstallApp }),
  },
];

/** Paths rendered only in the browser: the server sends the shell without pre-rendering. */
export const isClientOnlyPath = (pathname: string) => /^\/(cms|install)(\/|$)/.test(pathname);
