import { useLoaderData, useRouteLoaderData, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { EventCard } from '#client/components/public/event-card.tsx';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { Pager } from '#client/components/public/pager.tsx';
import { pageNumber, publicData, type Page, type PublicEvent } from '#client/lib/public-data.ts';
import type { RouteHandle } from '../../meta.ts';
import { notFoundMeta, notFoundResponse } from './not-found.tsx';
import type { PublicLayoutData } from './public-layout.tsx';

export const EVENTS_PER_PAGE = 12;

export async function eventsLoader({ context, request }: LoaderFunctionArgs) {
  const page = pageNumber(request);
  let events;
  try {
    events = await publicData(context).events({ limit: EVENTS_PER_PAGE, offset: (page - 1) * EVENTS_PER_PAGE });
  } catch {
    // §8: the list shows its error text.
    return { page, events: { items: [], hasMore: false } as Page<PublicEvent>, failed: true };
  }
  // A page past the last is not a page (and not one more cached copy of an empty list per number).
  if (page > 1 && events.items.length === 0) throw notFoundResponse();
  return { page, events, failed: false };
}
type EventsData = Awaited<ReturnType<typeof eventsLoader>>;

export const eventsHandle: RouteHandle = {
  meta: (data, _match, school) => {
    // The loader threw (404, a page past the last): its data is missing.
    if (!data) return notFoundMeta();
    const { page } = data as EventsData;
    return {
      title: page > 1 ? `Events (page ${page})` : 'Events',
      description: `Open days, celebrations, workshops and outings at ${school?.name ?? 'our preschool'}: see what is coming up and what we have been up to.`,
      canonicalPath: page > 1 ? `/events?page=${page}` : '/events',
    };
  },
};

export function EventsPage() {
  const { page, events, failed } = useLoaderData() as EventsData;
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  const navigation = useNavigation();
  return (
    <>
      <PageBanner eyebrow="What’s happening" title="All Events">
        Celebrations, workshops, outings and open days. Come and join us!
      </PageBanner>
      <div className="mx-auto max-w-6xl px-4 py-16" aria-busy={navigation.state === 'loading'}>
        {failed ? (
          <p role="alert" className="rounded-3xl bg-red-50 p-10 text-center font-semibold text-red-800">
            Unable to load events. Please try again later.
          </p>
        ) : events.items.length === 0 ? (
          <p className="rounded-3xl bg-amber-50 p-10 text-center text-lg text-slate-700">No events found.</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {events.items.map((event, i) => (
              <li key={event.id} className="flex">
                <EventCard event={event} timeZone={school.timezone} eager={i < 3} priority={i === 0} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
        <Pager basePath="/events" page={page} hasMore={events.hasMore} />
      </div>
    </>
  );
}
