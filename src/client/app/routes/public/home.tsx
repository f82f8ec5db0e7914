import { Link, useRouteLoaderData } from 'react-router';
import type { RouteHandle } from '../../meta.ts';
import type { PublicLayoutData } from './public-layout.tsx';

export const homeHandle: RouteHandle = {
  meta: (_data, match) => ({
    title: 'A Place to Grow, Learn & Shine',
    description:
      'Where learning meets fun! Our nurturing environment helps children develop creativity, imagination, and cognitive skills through play-based learning.',
    canonicalPath: match.pathname,
  }),
};

export function HomePage() {
  const layout = useRouteLoaderData('public') as PublicLayoutData | undefined;
  return (
    <section className="bg-gradient-to-br from-amber-50 via-orange-50 to-sky-100 px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <p className="font-semibold text-brand-700">{layout?.school.name}</p>
        <h1 className="mt-2 text-4xl font-black text-slate-900 sm:text-5xl">A Place to Grow, Learn &amp; Shine</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">
          Where learning meets fun! Our nurturing environment helps children develop creativity, imagination, and cognitive skills
          through play-based learning.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/admission" className="rounded-full bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
            Getting Started
          </Link>
          <Link
            to="/about"
            className="rounded-full border-2 border-brand-600 px-6 py-3 font-bold text-brand-700 hover:bg-brand-50"
          >
            Learn More
          </Link>
        </div>
      </div>
    </section>
  );
}
