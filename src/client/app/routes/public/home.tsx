import { PageLink } from '#client/components/public/page-link.tsx';
import { Icon } from '#client/components/public/icon.tsx';
import { Brain, Lightbulb, Palette } from '#client/components/public/icons.ts';
import { Suspense } from 'react';
import { Await, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { EventCard, EventCardSkeleton } from '#client/components/public/event-card.tsx';
import { HeroIllustration } from '#client/components/public/hero-illustration.tsx';
import { SchoolScene } from '#client/components/public/school-scene.tsx';
import { Testimonials } from '#client/components/public/testimonials.tsx';
import { TextArrow } from '#client/components/public/text-arrow.tsx';
import { PaletteArt, TeddyBearArt } from '#client/components/public/emoji-art.tsx';
import { Once } from '#client/lib/once.tsx';
import { publicData, type PublicEvent } from '#client/lib/public-data.ts';
import type { RouteHandle } from '../../meta.ts';
import type { PublicLayoutData } from './public-layout.tsx';
import { preschoolJsonLd } from './structured-data.ts';

/** §9: events on home. */
const HOME_EVENTS = 3;

export async function homeLoader({ context }: LoaderFunctionArgs) {
  const source = publicData(context);
  const events = source.events({ limit: HOME_EVENTS, offset: 0 }).then((page) => page.items);
  // The server renders the events into the page; in the browser the page shows skeletons meanwhile.
  return {
    events: source.server
      ? await events.catch((error: unknown) => {
          console.warn('Failed to load events', error);
          return null;
        })
      : events,
  };
}

type HomeData = { events: PublicEvent[] | null | Promise<PublicEvent[]> };

export const homeHandle: RouteHandle = {
  meta: (_data, _match, school) => ({
    title: 'A Place to Grow, Learn & Shine',
    description:
      'Where learning meets fun! Our nurturing environment helps children develop creativity, imagination, and cognitive skills through play-based learning.',
    canonicalPath: '/',
    image: '/illustrations/hero-children.png',
    jsonLd: school ? [preschoolJsonLd(school)] : [],
  }),
};

const WHY = [
  {
    icon: Palette,
    title: 'Building Imagination',
    text: 'Pretend play, puppets, stories and open-ended art let little ones invent whole worlds and find their own voice.',
    colour: 'from-pink-100 to-rose-50 text-rose-700',
  },
  {
    icon: Brain,
    title: 'Growing Cognitive',
    text: 'Puzzles, counting games and hands-on discovery build memory, attention and early reasoning, one joyful step at a time.',
    colour: 'from-sky-100 to-blue-50 text-blue-700',
  },
  {
    icon: Lightbulb,
    title: 'Increase Creativity',
    text: 'Music, movement, building and messy play encourage children to try, make and ask “what if?” every single day.',
    colour: 'from-amber-100 to-yellow-50 text-amber-800',
  },
];

function Hero({ brandLine }: { brandLine: string }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-amber-100 via-orange-50 to-sky-200 px-4 pb-16 pt-12 sm:pt-16 lg:pb-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div className="relative">
          <div className="mb-6 hidden gap-3 lg:flex" aria-hidden="true">
            {[
              ['A', 'bg-orange-500 -rotate-6'],
              ['B', 'bg-blue-500 rotate-3'],
              ['C', 'bg-purple-500 -rotate-3'],
            ].map(([letter, colour]) => (
              <span
                key={letter}
                className={`inline-flex h-14 w-14 items-center justify-center rounded-2xl text-2xl font-black text-white shadow-lg ${colour}`}
              >
                {letter}
              </span>
            ))}
          </div>
          {brandLine && (
            <p className="inline-block rounded-full bg-white/80 px-4 py-1.5 text-sm font-bold text-brand-700 shadow-sm">
              {brandLine}
            </p>
          )}
          <h1 className="mt-4 text-4xl font-black leading-tight tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            A Place to <span className="text-brand-600">Grow</span>, <span className="text-leaf-700">Learn</span> &amp;{' '}
            <span className="text-blue-700">Shine</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700">
            Where learning meets fun! Our nurturing environment helps children develop creativity, imagination, and cognitive
            skills through play-based learning.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <PageLink
              to="/admission"
              className="rounded-full bg-brand-600 px-7 py-3.5 text-lg font-bold text-white shadow-lg shadow-orange-300/50 transition hover:-translate-y-0.5 hover:bg-brand-700"
            >
              Getting Started
            </PageLink>
            <PageLink
              to="/about"
              className="rounded-full bg-white px-7 py-3.5 text-lg font-bold text-brand-700 shadow ring-2 ring-brand-600 transition hover:-translate-y-0.5 hover:bg-brand-50"
            >
              Learn More<span className="sr-only"> about us</span>
            </PageLink>
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-xl">
          <HeroIllustration className="w-full drop-shadow-2xl" />
          <span
            aria-hidden="true"
            className="absolute -left-2 top-6 inline-flex h-16 w-16 items-center justify-center rounded-full bg-white shadow-xl sm:-left-6"
          >
            <PaletteArt />
          </span>
          <span
            aria-hidden="true"
            className="absolute -right-2 bottom-8 inline-flex h-16 w-16 items-center justify-center rounded-full bg-white shadow-xl sm:-right-6"
          >
            <TeddyBearArt />
          </span>
        </div>
      </div>
    </section>
  );
}

function WhyChoose({ schoolName }: { schoolName: string }) {
  return (
    <section aria-labelledby="why-title" className="px-4 py-20">
      <div className="mx-auto max-w-6xl text-center">
        <p className="text-sm font-bold uppercase tracking-widest text-brand-700">Why families love us</p>
        <h2 id="why-title" className="mt-1 text-3xl font-black text-slate-900 sm:text-4xl">
          Why Choose {schoolName}?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Every day is designed around how young children really learn: by playing, wondering and doing things together.
        </p>
        <ul className="mt-12 grid gap-6 text-left md:grid-cols-3">
          {WHY.map(({ icon, title, text, colour }) => (
            <li key={title} className={`rounded-3xl bg-gradient-to-br p-8 shadow-sm ring-1 ring-black/5 ${colour}`}>
              <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-white shadow">
                <Icon icon={icon} size={28} />
              </span>
              <h3 className="mt-5 text-xl font-extrabold text-slate-900">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
        <PageLink
          to="/admission"
          className="mt-12 inline-block rounded-full bg-leaf-700 px-8 py-3.5 text-lg font-bold text-white shadow-lg transition hover:-translate-y-0.5 hover:bg-green-800"
        >
          Enroll Your Child Today
        </PageLink>
      </div>
    </section>
  );
}

function EventsGrid({ events, timeZone }: { events: PublicEvent[] | null; timeZone: string }) {
  if (events === null) return <EventsError />;
  if (events.length === 0)
    return <p className="rounded-3xl bg-white p-10 text-center text-slate-600 shadow-sm">No events found.</p>;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id} className="flex">
          <EventCard event={event} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

function EventsError() {
  return (
    <p role="alert" className="rounded-3xl bg-red-50 p-10 text-center font-semibold text-red-800">
      Failed to load events. Please try again later.
    </p>
  );
}

function LatestEvents({ events, timeZone }: { events: HomeData['events']; timeZone: string }) {
  return (
    <section aria-labelledby="events-title" className="bg-sky-50 px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-bold uppercase tracking-widest text-brand-700">What’s happening</p>
            <h2 id="events-title" className="mt-1 text-3xl font-black text-slate-900 sm:text-4xl">
              Latest Events
            </h2>
          </div>
          <PageLink
            to="/events"
            className="rounded-full px-5 py-2 font-bold text-brand-700 ring-2 ring-brand-600 hover:bg-brand-50"
          >
            View All Posts <TextArrow />
          </PageLink>
        </div>
        <div className="mt-10" aria-live="polite">
          {events instanceof Promise ? (
            <Suspense
              fallback={
                <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                  <span className="sr-only">Loading events…</span>
                  {Array.from({ length: HOME_EVENTS }, (_, i) => (
                    <EventCardSkeleton key={i} />
                  ))}
                </div>
              }
            >
              <Await resolve={events} errorElement={<EventsError />}>
                {(resolved: PublicEvent[]) => <EventsGrid events={resolved} timeZone={timeZone} />}
              </Await>
            </Suspense>
          ) : (
            // Server-rendered (and hydrated) data: no suspense round trip.
            <EventsGrid events={events} timeZone={timeZone} />
          )}
        </div>
      </div>
    </section>
  );
}

export function HomePage() {
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  const { events } = useLoaderData() as HomeData;
  return (
    <>
      <Once id="hero">
        <Hero brandLine={school.brandLine} />
      </Once>
      <Once id="why">
        <WhyChoose schoolName={school.name} />
      </Once>
      <Once id="testimonials">
        <Testimonials />
      </Once>
      <LatestEvents events={events} timeZone={school.timezone} />
      <Once id="scene">
        <SchoolScene />
      </Once>
    </>
  );
}
