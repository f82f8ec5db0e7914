import { PageLink } from '#client/components/public/page-link.tsx';
import { Icon } from '#client/components/public/icon.tsx';
import { CalendarDays, Camera, MapPin, Play } from '#client/components/public/icons.ts';

import { formatShortDate } from '#shared/dates.ts';
import type { PublicEvent } from '#client/lib/public-data.ts';
import { CategoryBadge } from './badges.tsx';
import { ResponsiveImage } from './responsive-image.tsx';
import { TextArrow } from './text-arrow.tsx';

export const EVENT_PLACEHOLDER = '/illustrations/event-placeholder.svg';

export const eventPath = (event: Pick<PublicEvent, 'id' | 'slug'>) => `/event/${event.slug || event.id}`;

export function EventCard({
  event,
  timeZone,
  eager = false,
  priority = false,
  headingLevel = 3,
  past = false,
}: {
  event: PublicEvent;
  timeZone: string;
  /** In the first screen: loaded at once (not when scrolled to). */
  eager?: boolean;
  /** The page's largest image (its LCP): fetched before the other images. */
  priority?: boolean;
  headingLevel?: 2 | 3;
  /** Over already: marked "Past event" (issue 31). */
  past?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group flex flex-col overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-orange-100 transition hover:-translate-y-1 hover:shadow-xl">
      <div className="relative aspect-[16/10] overflow-hidden bg-amber-50">
        <ResponsiveImage
          src={event.cover_image || EVENT_PLACEHOLDER}
          meta={event.cover_meta}
          alt=""
          fallbackWidth={640}
          fallbackHeight={400}
          sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
        />
        <div className="absolute left-3 top-3">
          <CategoryBadge category={event.category} />
        </div>
        {(past || event.gallery_kind) && (
          <ul className="absolute bottom-3 left-3 flex flex-wrap gap-2 text-xs font-bold" aria-label="About this event">
            {past && <li className="rounded-full bg-slate-800 px-3 py-1 text-white">Past event</li>}
            {event.gallery_kind && (
              <li className="inline-flex items-center gap-1 rounded-full bg-white px-3 py-1 text-slate-900 shadow">
                <Icon icon={event.gallery_kind === 'video' ? Play : Camera} size={14} />
                {event.gallery_kind === 'video' ? 'Video' : 'Photos'}
              </li>
            )}
          </ul>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl font-extrabold text-slate-900">{event.title}</Heading>
        <p className="mt-2 line-clamp-2 text-slate-600">{event.description}</p>
        <dl className="mt-4 space-y-1.5 text-sm text-slate-700">
          <div className="flex items-center gap-2">
            <dt>
              <Icon icon={CalendarDays} size={16} className="text-brand-600" />
              <span className="sr-only">Date</span>
            </dt>
            <dd>
              <time dateTime={event.start_date}>{formatShortDate(event.start_date, timeZone)}</time>
              {event.series?.words && <span className="block text-slate-600">{event.series.words}</span>}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Icon icon={MapPin} size={16} className="text-brand-600" />
              <span className="sr-only">Location</span>
            </dt>
            <dd>{event.location}</dd>
          </div>
        </dl>
        <PageLink
          to={eventPath(event)}
          className="mt-5 inline-block w-fit rounded-full bg-brand-50 px-4 py-2 text-sm font-bold text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100"
        >
          Read More<span className="sr-only"> about {event.title}</span> <TextArrow />
        </PageLink>
      </div>
    </article>
  );
}

export function EventCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-orange-100" aria-hidden="true">
      <div className="aspect-[16/10] animate-pulse bg-slate-200" />
      <div className="space-y-3 p-5">
        <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  );
}
