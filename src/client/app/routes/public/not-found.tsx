import { Link } from 'react-router';
import type { RouteHandle } from '../../meta.ts';

export const notFoundHandle: RouteHandle = {
  meta: () => ({ title: 'Page not found', description: 'The page you were looking for does not exist.', noindex: true }),
};

/** Thrown by loaders (`throw notFoundResponse()`) so the server answers 404. */
export const notFoundResponse = (message = 'Not Found') => new Response(message, { status: 404 });

export async function notFoundLoader(): Promise<never> {
  throw notFoundResponse();
}

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold text-slate-900">Oops! Page not found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for may have moved, or never existed.</p>
      <Link to="/" className="mt-8 rounded-full bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
        Return to Home
      </Link>
    </section>
  );
}
