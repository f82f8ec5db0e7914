import { PageLink } from '#client/components/public/page-link.tsx';
import { SiteIconGlyph } from '#client/components/public/site-icon.tsx';
import { Suspense } from 'react';
import { Await, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { EventCard, EventCardSkeleton } from '#client/components/public/event-card.tsx';
import { HeroIllustration } from '#client/components/public/hero-illustration.tsx';
import { ResponsiveImage, srcSetOf } from '#client/components/public/responsive-image.tsx';
import { SchoolScene } from '#client/components/public/school-scene.tsx';
import { Testimonials } from '#client/components/public/testimonials.tsx';
import { TextArrow } from '#client/components/public/text-arrow.tsx';
import { PaletteArt, TeddyBearArt } from '#client/components/public/emoji-art.tsx';
import { Once } from '#client/lib/once.tsx';
import { publicData, type PublicEvent, type SiteSection } from '#client/lib/public-data.ts';
import { DEFAULT_HEADLINE } from '#shared/schemas/site-content-defaults.ts';
import type { HomeContent } from '#shared/schemas/site-content.ts';
import type { PageMeta, RouteHandle } from '../../meta.ts';
import type { PublicLayoutData } from './public-layout.tsx';
import { preschoolJsonLd } from './structured-data.ts';

/** §9: events on home. */
const HOME_EVENTS = 3;

export async function homeLoader({ context }: LoaderFunctionArgs) {
  const source = publicData(context);
  const events = source.events({ limit: HOME_EVENTS, offset: 0 }).then((page) => page.items);
  // Used below; when the words' read fails first, its failure must not go unhandled (a database down).
  events.catch(() => undefined);
  const section = await source.content('home');
  // The server renders the events into the page; in the browser the page shows skeletons meanwhile.
  return {
    section,
    events: source.server
      ? await events.catch((error: unknown) => {
          console.warn('Failed to load events', error);
          return null;
        })
      : events,
  };
}

type HomeData = { section: SiteSection<'home'>; events: PublicEvent[] | null | Promise<PublicEvent[]> };
type Hero = HomeContent['hero'];

/** The hero photo's width in the layout (max-w-xl in a page padded 1 rem each side). */
const HERO_SIZES = '(min-width: 608px) 576px, calc(100vw - 2rem)';

export const homeHandle: RouteHandle = {
  meta: (data, _match, school) => {
    const section = (data as HomeData | undefined)?.section;
    const { headline, copy, photo } = section?.content.hero ?? { headline: DEFAULT_HEADLINE, copy: '', photo: null };
    const meta: PageMeta = {
      title: headline,
      description: copy || undefined,
      canonicalPath: '/',
      image: photo?.url ?? '/illustrations/hero-children.png',
      jsonLd: school ? [preschoolJsonLd(school)] : [],
    };
    // The school's photo is the largest thing on the page: fetched with the HTML, not after the layout.
    if (photo) meta.preloadImage = { href: photo.url, srcSet: srcSetOf(section?.photos[photo.url]), sizes: HERO_SIZES };
    return meta;
  },
};

/** The cards' colours, in turn. */
const CARD_COLOURS = [
  'from-pink-100 to-rose-50 text-rose-700',
  'from-sky-100 to-blue-50 text-blue-700',
  'from-amber-100 to-yellow-50 text-amber-800',
];

/** Today's headline keeps its three coloured words; a school's own is drawn as written. */
function Headline({ text }: { text: string }) {
  if (text !== DEFAULT_HEADLINE) return text;
  return (
    <>
      A Place to <span className="text-brand-600">Grow</span>, <span className="text-leaf-700">Learn</span> &amp;{' '}
      <span className="text-blue-700">Shine</span>
    </>
  );
}

/** Words a link may not say alone (they name no destination): screen readers also hear where it goes. */
const VAGUE_LINK = /^(learn more|read more|more|find out more|click here|here|details)$/i;

/** "about us" for /about, "about programs" for /programs, the site's name for an address elsewhere. */
function destinationOf(target: string) {
  if (target === '/about') return 'about us';
  if (target.startsWith('/')) return `about ${target.slice(1).split(/[?#]/)[0]!.replace(/[-/]+/g, ' ').trim() || 'us'}`;
  return `on ${target.replace(/^https?:\/\/(www\.)?/i, '').split(/[/?#]/)[0]}`;
}

function ButtonLabel({ label, target }: Hero['buttons'][number]) {
  if (!VAGUE_LINK.test(label)) return label;
  return (
    <>
      {label}
      <span className="sr-only">{` ${destinationOf(target)}`}</span>
    </>
  );
}

function HeroPicture({ photo, photos }: { photo: Hero['photo']; photos: SiteSection['photos'] }) {
  if (!photo) return <HeroIllustration className="w-full drop-shadow-2xl" />;
  return (
    <ResponsiveImage
      src={photo.url}
      meta={photos[photo.url]}
      fallbackWidth={600}
      fallbackHeight={520}
      sizes={HERO_SIZES}
      alt={photo.decorative ? '' : photo.alt}
      fetchPriority="high"
      className="aspect-[600/520] w-full rounded-[2.5rem] object-cover shadow-2xl"
    />
  );
}

function Hero({ brandLine, hero, photos }: { brandLine: string; hero: Hero; photos: SiteSection['photos'] }) {
  const [primary, secondary] = hero.buttons;
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
            <Headline text={hero.headline} />
          </h1>
          {hero.copy && <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700">{hero.copy}</p>}
          <div className="mt-8 flex flex-wrap gap-4">
            {primary && (
              <PageLink
                to={primary.target}
                className="rounded-full bg-brand-600 px-7 py-3.5 text-lg font-bold text-white shadow-lg shadow-orange-300/50 transition hover:-translate-y-0.5 hover:bg-brand-700"
              >
                <ButtonLabel {...primary} />
              </PageLink>
            )}
            {secondary && (
              <PageLink
                to={secondary.target}
                className="rounded-full bg-white px-7 py-3.5 text-lg font-bold text-brand-700 shadow ring-2 ring-brand-600 transition hover:-translate-y-0.5 hover:bg-brand-50"
              >
                <ButtonLabel {...secondary} />
              </PageLink>
            )}
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-xl">
          <HeroPicture photo={hero.photo} photos={photos} />
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

function WhyChoose({ schoolName, why }: { schoolName: string; why: HomeContent['why'] }) {
  return (
    <section aria-labelledby="why-title" className="px-4 py-20">
      <div className="mx-auto max-w-6xl text-center">
        {why.eyebrow && <p className="text-sm font-bold uppercase tracking-widest text-brand-700">{why.eyebrow}</p>}
        <h2 id="why-title" className="mt-1 text-3xl font-black text-slate-900 sm:text-4xl">
          {why.heading.replaceAll('{school}', schoolName)}
        </h2>
        {why.intro && <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{why.intro}</p>}
        <ul className="mt-12 grid gap-6 text-left md:grid-cols-3">
          {why.cards.map(({ icon, title, text }, i) => (
            <li key={i} className={`rounded-3xl bg-gradient-to-br p-8 shadow-sm ring-1 ring-black/5 ${CARD_COLOURS[i % 3]}`}>
              <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-white shadow">
                <SiteIconGlyph name={icon} size={28} />
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

function LatestEvents({
  events,
  timeZone,
  titles,
}: {
  events: HomeData['events'];
  timeZone: string;
  titles: HomeContent['events'];
}) {
  return (
    <section aria-labelledby="events-title" className="bg-sky-50 px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            {titles.eyebrow && <p className="text-sm font-bold uppercase tracking-widest text-brand-700">{titles.eyebrow}</p>}
            <h2 id="events-title" className="mt-1 text-3xl font-black text-slate-900 sm:text-4xl">
              {titles.heading}
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
  const { events, section } = useLoaderData() as HomeData;
  const { content, photos } = section;
  // The parts are drawn once per content version: a write (the school, the site's words) drops them.
  return (
    <>
      <Once id="hero">
        <Hero brandLine={school.brandLine} hero={content.hero} photos={photos} />
      </Once>
      <Once id="why">
        <WhyChoose schoolName={school.name} why={content.why} />
      </Once>
      {content.testimonials.items.length > 0 && (
        <Once id="testimonials">
          <Testimonials {...content.testimonials} />
        </Once>
      )}
      <LatestEvents events={events} timeZone={school.timezone} titles={content.events} />
      {content.showScene && (
        <Once id="scene">
          <SchoolScene />
        </Once>
      )}
    </>
  );
}
