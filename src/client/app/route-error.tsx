import { PageLink } from '#client/components/public/page-link.tsx';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './routes/public/not-found.tsx';

/** 404 responses thrown by loaders show the 404 page; anything else a friendly failure. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">This page could not be loaded. Please try again in a moment.</p>
      <PageLink to="/" className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-bold text-white">
        Return to Home
      </PageLink>
    </section>
  );
}
