import { PageLink } from '#client/components/public/page-link.tsx';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import type { RouteHandle } from '../../meta.ts';

export const notFoundMeta = (title = 'Page not found') => ({
  title,
  description: 'The page you were looking for does not exist.',
  noindex: true,
});

export const notFoundHandle: RouteHandle = { meta: () => notFoundMeta() };

/** Thrown by loaders (`throw notFoundResponse()`) so the server answers 404. */
export const notFoundResponse = (message = 'Not Found') => new Response(message, { status: 404 });

export async function notFoundLoader(): Promise<never> {
  throw notFoundResponse();
}

/** 'Oops! Page not found' (§2), or a loader's own message such as 'Event not found.' (§8). */
export function NotFoundPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : null;
  const specific = message && message !== 'Not Found' ? message : null;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{specific ?? 'Oops! Page not found'}</h1>
      <p className="mt-3 text-slate-600">
        {specific ? 'It may have been moved or removed.' : 'The page you are looking for may have moved, or never existed.'}
      </p>
      {specific?.startsWith('Event') && (
        <PageLink to="/events" className="mt-6 font-bold text-brand-700 underline">
          See all events
        </PageLink>
      )}
      {specific?.startsWith('Post') && (
        <PageLink to="/blog" className="mt-6 font-bold text-brand-700 underline">
          See all blog posts
        </PageLink>
      )}
      <PageLink to="/" className="mt-8 rounded-full bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
        Return to Home
      </PageLink>
    </section>
  );
}
