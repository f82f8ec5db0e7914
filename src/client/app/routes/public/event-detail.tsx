import { Icon } from '#client/components/public/icon.tsx';
import { ArrowLeft, CalendarDays, CalendarPlus, MapPin } from '#client/components/public/icons.ts';
import { useLoaderData, useNavigate, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CategoryBadge, StatusBadge } from '#client/components/public/badges.tsx';
import { EVENT_PLACEHOLDER, eventPath } from '#client/components/public/event-card.tsx';
import { GalleryCarousel } from '#client/components/public/gallery-carousel.tsx';
import { ResponsiveImage } from '#client/components/public/responsive-image.tsx';
import { publicData } from '#client/lib/public-data.ts';
import { formatDateRange, formatShortDate, formatTime } from '#shared/dates.ts';
import type { RouteHandle } from '../../meta.ts';
import { notFoundMeta, notFoundResponse } from './not-found.tsx';
import type { PublicLayoutData } from './public-layout.tsx';
import { eventJsonLd } from './structured-data.ts';

export async function eventLoader({ context, params }: LoaderFunctionArgs) {
  const source = publicData(context);
  // §8: a failed fetch is only logged and shows the not-found message.
  const event = await source.event(params.id ?? '').catch((error: unknown) => {
    console.warn('Failed to load the event', error);
    return null;
  });
  if (!event) throw notFoundResponse('Event not found.');
  // §8: a failed gallery fetch is not shown to the visitor.
  const gallery = event.gallery_id ? await source.gallery(event.gallery_id).catch(() => null) : null;
  return { event, gallery };
}
type EventData = Awaited<ReturnType<typeof eventLoader>>;

export const eventHandle: RouteHandle = {
  meta: (data, _match, school, origin) => {
    // The loader threw (404): its data is missing.
    if (!data) return notFoundMeta('Event not found');
    const { event } = data as EventData;
    const path = eventPath(event);
    const cover = event.cover_image || EVENT_PLACEHOLDER;
    const absoluteImage = cover.startsWith('http') ? cover : origin + cover;
    return {
      title: event.title,
      description: event.description.slice(0, 160),
      canonicalPath: path,
      image: absoluteImage,
      type: 'article',
      jsonLd: [eventJsonLd(event, school, origin + path, absoluteImage)],
    };
  },
};

/**
 * Is the page before this one in the history a page of this site? A client navigation counts up
 * React Router's index; a page loaded afresh came from here when its referrer is this site.
 */
function cameFromThisSite(): boolean {
  const index = (window.history.state as { idx?: number } | null)?.idx;
  if (typeof index === 'number' && index > 0) return true;
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin && window.history.length > 1;
  } catch {
    return false;
  }
}

export function EventDetailPage() {
  const { event, gallery } = useLoaderData() as EventData;
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  const navigate = useNavigate();
  const tz = school.timezone;
  return (
    <article>
      <div className="relative h-72 overflow-hidden bg-amber-100 sm:h-96">
        <ResponsiveImage
          src={event.cover_image || EVENT_PLACEHOLDER}
          meta={event.cover_meta}
          alt=""
          fallbackWidth={1600}
          fallbackHeight={1000}
          sizes="100vw"
          fetchPriority="high"
          className="h-full w-full object-cover"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-slate-900/70 via-slate-900/10 to-transparent" />
        <a
          href="/events"
          // §2: Back goes back in history, while that stays on this site; else to the events (issue 31).
          onClick={(click) => {
            if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey)
              return;
            click.preventDefault();
            click.stopPropagation();
            if (cameFromThisSite()) navigate(-1);
            else navigate('/events');
          }}
          className="absolute left-4 top-4 inline-flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 font-bold text-slate-900 shadow hover:bg-white"
        >
          <Icon icon={ArrowLeft} size={18} /> Back
        </a>
      </div>
      <div className="mx-auto -mt-20 max-w-4xl px-4 pb-20">
        <div className="relative rounded-[2rem] bg-white p-6 shadow-xl ring-1 ring-orange-100 sm:p-10">
          <div className="flex flex-wrap gap-2">
            <CategoryBadge category={event.category} />
            <StatusBadge status={event.status} />
          </div>
          <h1 className="mt-4 text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{event.title}</h1>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl bg-amber-50 p-4">
              <dt className="flex items-center gap-2 text-sm font-bold text-slate-600">
                <Icon icon={CalendarDays} size={18} className="text-brand-700" /> Date
              </dt>
              <dd className="mt-1 font-semibold text-slate-900">
                {formatDateRange(event.start_date, event.end_date, tz)}
                <span className="block text-sm font-normal text-slate-600">
                  Starts at {formatTime(event.start_date, tz)}
                  {/* Issue 31: when it ends, too. */}
                  {event.end_date && <> · Ends at {formatTime(event.end_date, tz)}</>}
                </span>
                {/* Issue 34: a repeating event says its rule, and the days a closure took out. */}
                {event.series?.words && <span className="mt-1 block text-sm font-bold text-brand-700">{event.series.words}</span>}
                {event.series?.cancelled.length ? (
                  <span className="block text-sm font-normal text-slate-600">
                    {`Not on ${event.series.cancelled.map((c) => `${formatShortDate(c.start_date, tz)} (${c.closure})`).join(', ')}`}
                  </span>
                ) : null}
              </dd>
            </div>
            <div className="rounded-2xl bg-sky-50 p-4">
              <dt className="flex items-center gap-2 text-sm font-bold text-slate-600">
                <Icon icon={MapPin} size={18} className="text-blue-700" /> Location
              </dt>
              <dd className="mt-1 font-semibold text-slate-900">
                {event.location}
                {/* Issue 34: an event of one branch says which, for the other branch's parents. */}
                {event.branch && <span className="block text-sm font-normal text-slate-600">{`${event.branch} only`}</span>}
              </dd>
            </div>
          </dl>
          <a
            href={`/events/${encodeURIComponent(String(event.id))}.ics`}
            className="mt-6 inline-flex items-center gap-2 rounded-full px-5 py-2.5 font-bold text-brand-700 ring-2 ring-brand-600 hover:bg-brand-50"
            download
          >
            <Icon icon={CalendarPlus} size={18} /> Add to calendar
          </a>
          <section aria-labelledby="about-event" className="mt-10">
            <h2 id="about-event" className="text-2xl font-black text-slate-900">
              About This Event
            </h2>
            <p className="mt-3 whitespace-pre-line text-lg leading-relaxed text-slate-700">{event.description}</p>
          </section>
          {gallery?.type === 'video' && gallery.embedUrl ? (
            <section aria-labelledby="video-title" className="mt-14">
              <h2 id="video-title" className="text-2xl font-black text-slate-900">
                {gallery.title || 'Video'}
              </h2>
              <iframe
                src={gallery.embedUrl}
                title={gallery.title || 'Event video'}
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                className="mt-6 aspect-video w-full rounded-3xl border-0"
              />
            </section>
          ) : gallery ? (
            <GalleryCarousel gallery={gallery} />
          ) : null}
        </div>
      </div>
    </article>
  );
}
