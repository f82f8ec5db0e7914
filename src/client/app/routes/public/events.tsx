import { useEffect, useRef } from 'react';
import { useLoaderData, useLocation, useNavigation, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CalendarSubscribe } from '#client/components/public/calendar-subscribe.tsx';
import { EventCard } from '#client/components/public/event-card.tsx';
import { EventMonth } from '#client/components/public/event-month.tsx';
import { NumberedPager } from '#client/components/public/numbered-pager.tsx';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { PageLink } from '#client/components/public/page-link.tsx';
import { monthAfter, monthInWords } from '#client/components/public/school-days.ts';
import { TermDates } from '#client/components/public/term-dates.tsx';
import { publicData, type ListFilter, type PublicEvent, type PublicEventList } from '#client/lib/public-data.ts';
import { EVENTS_PER_PAGE, eventsHref, eventsQueryOf, type EventsQuery } from '#shared/public-lists.ts';
import type { RouteHandle } from '../../meta.ts';
import { notFoundMeta, notFoundResponse } from './not-found.tsx';
import type { PublicLayoutData } from './public-layout.tsx';

/** The lists' headings: a page change (a pager's link) moves the view to its list (issue 31). */
const UPCOMING_ID = 'upcoming-events';
const PAST_ID = 'past-events';
const FILTERS_ID = 'event-filters';
const MONTH_ID = 'events-month';

/** The site's address for the calendar links: the server's (the canonical one), else the browser's. */
const originOf = (context: unknown) =>
  (context as { origin?: string } | undefined)?.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);

export async function eventsLoader({ context, request }: LoaderFunctionArgs) {
  const query = eventsQueryOf(new URL(request.url).searchParams);
  const origin = originOf(context);
  let list: PublicEventList | null;
  try {
    list = await publicData(context).eventList(query);
  } catch {
    // §8: the list shows its error text.
    return { query, origin, list: null, failed: true as const };
  }
  // A branch or category the school does not have, or a page past the last, is not a page (and
  // not one more cached copy of an empty list per spelling).
  if (!list) throw notFoundResponse('No such branch or category.');
  if ((query.page > 1 && list.upcoming.items.length === 0) || (query.past > 1 && list.past.items.length === 0))
    throw notFoundResponse();
  return { query, origin, list, failed: false as const };
}
type EventsData = Awaited<ReturnType<typeof eventsLoader>>;

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / EVENTS_PER_PAGE));

export const eventsHandle: RouteHandle = {
  meta: (data, _match, school) => {
    // The loader threw (404, a page past the last): its data is missing.
    if (!data) return notFoundMeta();
    const { query, list } = data as EventsData;
    const filters = [list?.branch?.name, list?.category?.name, list?.month && monthInWords(list.month.month)]
      .filter(Boolean)
      .join(', ');
    const pages = [query.page > 1 && `page ${query.page}`, query.past > 1 && `past events, page ${query.past}`].filter(Boolean);
    return {
      title: `Events${filters ? `: ${filters}` : ''}${pages.length ? ` (${pages.join(', ')})` : ''}`,
      description: `Open days, celebrations, workshops and outings at ${school?.name ?? 'our preschool'}: see what is coming up and what we have been up to.`,
      canonicalPath: eventsHref(query),
    };
  },
};

/** A page change within /events moves the view (and the keyboard) to the list whose page changed. */
function useListFocus() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
    target.focus({ preventScroll: true });
  }, [location.key, location.hash]);
}

function FilterLinks({
  label,
  options,
  chosen,
  hrefFor,
}: {
  label: string;
  options: ListFilter[];
  chosen: ListFilter | null;
  hrefFor: (slug: string | null) => string;
}) {
  const pill = (current: boolean) =>
    `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-bold ring-1 ${
      current ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-orange-200 hover:bg-brand-50'
    }`;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <h3 className="w-28 shrink-0 text-sm font-bold text-slate-700">{label}</h3>
      <ul className="flex flex-wrap gap-2">
        <li>
          <PageLink to={hrefFor(null)} aria-current={chosen ? undefined : 'true'} className={pill(!chosen)}>
            All
          </PageLink>
        </li>
        {options.map((option) => (
          <li key={option.slug}>
            <PageLink
              to={hrefFor(option.slug)}
              aria-current={chosen?.slug === option.slug ? 'true' : undefined}
              className={pill(chosen?.slug === option.slug)}
            >
              {option.name}
            </PageLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The first three cards of the page are loaded at once, the very first one before any other image. */
const EAGER = 3;

function EventGrid({
  events,
  timeZone,
  past,
  shownBefore,
}: {
  events: PublicEvent[];
  timeZone: string;
  past: boolean;
  /** Cards drawn above this list on the page. */
  shownBefore: number;
}) {
  return (
    <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {events.map((event, i) => (
        <li key={event.id} className="flex">
          <EventCard
            event={event}
            timeZone={timeZone}
            eager={shownBefore + i < EAGER}
            priority={shownBefore + i === 0}
            past={past}
          />
        </li>
      ))}
    </ul>
  );
}

/** One of the two lists: its heading (where a page change moves the view), count, cards and numbered pages. */
function ListSection({
  id,
  title,
  summary,
  events,
  total,
  page,
  href,
  pagerLabel,
  timeZone,
  past = false,
  shownBefore,
}: {
  id: string;
  title: string;
  summary: string;
  events: PublicEvent[];
  total: number;
  page: number;
  href: (page: number) => string;
  pagerLabel: string;
  timeZone: string;
  past?: boolean;
  shownBefore: number;
}) {
  const pages = pagesOf(total);
  return (
    <section aria-labelledby={id} className="mt-14">
      <h2 id={id} tabIndex={-1} className="scroll-mt-20 text-3xl font-black text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{`${summary}${pages > 1 ? ` · page ${page} of ${pages}` : ''}`}</p>
      {events.length > 0 && <EventGrid events={events} timeZone={timeZone} past={past} shownBefore={shownBefore} />}
      <NumberedPager label={pagerLabel} page={page} pages={pages} href={href} />
    </section>
  );
}

/** List | Month: the same filters either way. */
function ViewSwitch({ query }: { query: EventsQuery }) {
  const pill = (current: boolean) =>
    `inline-flex min-h-11 items-center px-5 text-sm font-bold ${current ? 'bg-brand-600 text-white' : 'bg-white text-slate-800 hover:bg-brand-50'}`;
  const base = { branch: query.branch, category: query.category };
  return (
    <nav aria-label="Events view">
      <ul className="inline-flex overflow-hidden rounded-full ring-1 ring-orange-200">
        <li>
          <PageLink
            to={eventsHref(base)}
            aria-current={query.view === 'list' ? 'page' : undefined}
            className={pill(query.view === 'list')}
          >
            List
          </PageLink>
        </li>
        <li>
          <PageLink
            to={eventsHref({ ...base, view: 'month' })}
            aria-current={query.view === 'month' ? 'page' : undefined}
            className={pill(query.view === 'month')}
          >
            Month
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}

/** The month's heading between the previous and next months' links. */
function MonthNav({ query, month }: { query: EventsQuery; month: string }) {
  const to = (by: 1 | -1) =>
    eventsHref({ branch: query.branch, category: query.category, view: 'month', month: monthAfter(month, by) });
  const link =
    'inline-flex min-h-11 shrink-0 items-center rounded-full bg-white px-3 text-xs font-bold text-slate-800 ring-1 ring-orange-200 hover:bg-brand-50 sm:px-4 sm:text-sm';
  // On phones the links name the month short ("← Oct"): "November 2026" on both sides overflows 375 px.
  const name = (at: string) => (
    <>
      <span className="sr-only">{monthInWords(at)}</span>
      <span aria-hidden="true" className="sm:hidden">
        {monthInWords(at).slice(0, 3)}
      </span>
      <span aria-hidden="true" className="hidden sm:inline">
        {monthInWords(at)}
      </span>
    </>
  );
  return (
    <div className="mt-10 flex items-center justify-between gap-2 sm:gap-3">
      <PageLink to={to(-1)} rel="nofollow" className={link}>
        <span aria-hidden="true">←&nbsp;</span>
        <span className="sr-only">Previous month: </span>
        {name(monthAfter(month, -1))}
      </PageLink>
      <h2 id={MONTH_ID} tabIndex={-1} className="min-w-0 scroll-mt-20 text-center text-xl font-black text-slate-900 sm:text-3xl">
        {monthInWords(month)}
      </h2>
      <PageLink to={to(1)} rel="nofollow" className={link}>
        <span className="sr-only">Next month: </span>
        {name(monthAfter(month, 1))}
        <span aria-hidden="true">&nbsp;→</span>
      </PageLink>
    </div>
  );
}

function EventLists({ query, list, timeZone }: { query: EventsQuery; list: PublicEventList; timeZone: string }) {
  const at = (change: Partial<EventsQuery>, hash: string) =>
    eventsHref({ branch: query.branch, category: query.category, ...change }, hash);
  const filtered = Boolean(list.branch || list.category);
  if (list.upcoming.total === 0 && list.past.total === 0)
    // Nothing at all (or nothing that matches): the spec's one message, not two empty lists.
    return (
      <>
        <p className="mt-10 rounded-3xl bg-amber-50 p-10 text-center text-lg text-slate-700">No events found.</p>
        <TermDates dates={list.termDates} showBranch={!list.branch} />
      </>
    );
  return (
    <>
      <ListSection
        id={UPCOMING_ID}
        title="Coming up"
        summary={
          list.upcoming.total === 0
            ? filtered
              ? 'Nothing planned here yet.'
              : 'Nothing planned yet: new events appear here as soon as they are announced.'
            : `${count(list.upcoming.total, 'event', 'events')} coming up`
        }
        events={list.upcoming.items}
        total={list.upcoming.total}
        page={query.page}
        href={(page) => at({ page }, `#${UPCOMING_ID}`)}
        pagerLabel="Upcoming events pages"
        timeZone={timeZone}
        shownBefore={0}
      />
      {/* The school year right after what is coming: a parent looking for the next holiday finds it before years of past events. */}
      <TermDates dates={list.termDates} showBranch={!list.branch} />
      <ListSection
        id={PAST_ID}
        title="Past events"
        summary={
          list.past.total === 0 ? 'No past events yet.' : `${count(list.past.total, 'past event', 'past events')}, newest first`
        }
        events={list.past.items}
        total={list.past.total}
        page={query.past}
        href={(past) => at({ past }, `#${PAST_ID}`)}
        pagerLabel="Past events pages"
        timeZone={timeZone}
        past
        shownBefore={list.upcoming.items.length}
      />
    </>
  );
}

export function EventsPage() {
  const { query, origin, list, failed } = useLoaderData() as EventsData;
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  const navigation = useNavigation();
  useListFocus();
  const kept = { view: query.view, month: query.month };
  return (
    <>
      <PageBanner eyebrow="What’s happening" title="All Events">
        Celebrations, workshops, outings and open days. Come and join us!
      </PageBanner>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16" aria-busy={navigation.state === 'loading'}>
        {failed || !list ? (
          <p role="alert" className="rounded-3xl bg-red-50 p-10 text-center font-semibold text-red-800">
            Unable to load events. Please try again later.
          </p>
        ) : (
          <>
            <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
              <ViewSwitch query={query} />
              <div className="sm:max-w-xl sm:flex-1">
                <CalendarSubscribe
                  origin={origin}
                  schoolName={school.name}
                  branches={school.branches.map((b) => b.name)}
                  initialBranch={list.branch?.name ?? null}
                />
              </div>
            </div>
            {(list.branches.length > 0 || list.categories.length > 1) && (
              <section
                id={FILTERS_ID}
                aria-labelledby={`${FILTERS_ID}-title`}
                tabIndex={-1}
                className="scroll-mt-20 space-y-3 rounded-3xl bg-amber-50 p-4 sm:p-6"
              >
                <h2 id={`${FILTERS_ID}-title`} className="sr-only">
                  Filter events
                </h2>
                {list.branches.length > 0 && (
                  <FilterLinks
                    label="Branch"
                    options={list.branches}
                    chosen={list.branch}
                    hrefFor={(branch) => eventsHref({ branch, category: query.category, ...kept }, `#${FILTERS_ID}`)}
                  />
                )}
                {list.categories.length > 1 && (
                  <FilterLinks
                    label="Category"
                    options={list.categories}
                    chosen={list.category}
                    hrefFor={(category) => eventsHref({ branch: query.branch, category, ...kept }, `#${FILTERS_ID}`)}
                  />
                )}
              </section>
            )}

            {list.month ? (
              <section aria-labelledby={MONTH_ID}>
                <MonthNav query={query} month={list.month.month} />
                <EventMonth month={list.month} timeZone={school.timezone} today={list.today} />
              </section>
            ) : (
              <EventLists query={query} list={list} timeZone={school.timezone} />
            )}
            {list.month && <TermDates dates={list.termDates} showBranch={!list.branch} />}
          </>
        )}
      </div>
    </>
  );
}
