import type { RouteObject } from 'react-router';
import { AboutPage, aboutHandle, aboutLoader } from './routes/public/about.tsx';
import { AdmissionPage, admissionHandle, admissionLoader } from './routes/public/admission.tsx';
import { BlogPostPage, postHandle, postLoader } from './routes/public/blog-post.tsx';
import { BlogPage, blogHandle, blogLoader } from './routes/public/blog.tsx';
import { ContactPage, contactHandle, contactLoader } from './routes/public/contact.tsx';
import { CurriculumPage, curriculumHandle, curriculumLoader } from './routes/public/curriculum.tsx';
import { EventDetailPage, eventHandle, eventLoader } from './routes/public/event-detail.tsx';
import { EventsPage, eventsHandle, eventsLoader } from './routes/public/events.tsx';
import { HomePage, homeHandle, homeLoader } from './routes/public/home.tsx';
import { ProgramsPage, programsHandle, programsLoader } from './routes/public/programs.tsx';
import { OwnPage, ownPageHandle, ownPageLoader } from './routes/public/own-page.tsx';
import { NotFoundPage, notFoundHandle, notFoundLoader } from './routes/public/not-found.tsx';
import { PublicLayout, publicLayoutLoader } from './routes/public/public-layout.tsx';
import { loadDocument } from '../lib/client-navigation.ts';
import { RouteError } from './route-error.tsx';

/**
 * The public site's route table, for the server renderer and the browser: its pages are imported
 * eagerly (they are server-rendered and hydrated). The back office and the wizard are another
 * entry's (staff-routes.tsx), which a parent never downloads.
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
          { index: true, Component: HomePage, loader: homeLoader, handle: homeHandle },
          { path: 'about', Component: AboutPage, loader: aboutLoader, handle: aboutHandle },
          { path: 'programs', Component: ProgramsPage, loader: programsLoader, handle: programsHandle },
          { path: 'curriculum', Component: CurriculumPage, loader: curriculumLoader, handle: curriculumHandle },
          { path: 'admission', Component: AdmissionPage, loader: admissionLoader, handle: admissionHandle },
          { path: 'contact', Component: ContactPage, loader: contactLoader, handle: contactHandle },
          { path: 'events', Component: EventsPage, loader: eventsLoader, handle: eventsHandle },
          { path: 'event/:id', Component: EventDetailPage, loader: eventLoader, handle: eventHandle },
          { path: 'blog', Component: BlogPage, loader: blogLoader, handle: blogHandle },
          { path: 'blog/:slug', Component: BlogPostPage, loader: postLoader, handle: postHandle },
          // The school's own pages (issue 30): after every built-in page, whose paths rank first.
          { path: ':slug', Component: OwnPage, loader: ownPageLoader, handle: ownPageHandle },
          { path: '*', Component: NotFoundPage, loader: notFoundLoader, handle: notFoundHandle },
        ],
      },
    ],
  },
  // The back office and the wizard have their own entry (entry-cms.tsx): a link there loads the page.
  { path: '/cms/*', loader: loadDocument },
  { path: '/install/*', loader: loadDocument },
];

/** Paths rendered only in the browser: the server sends the shell without pre-rendering. */
export const isClientOnlyPath = (pathname: string) => /^\/(cms|install)(\/|$)/.test(pathname);
