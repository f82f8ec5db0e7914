import { ArrowLeft, CalendarClock, CalendarDays, Clock, MapPin, Pencil, Repeat, Tag } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../../components/ui/button.tsx';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { useEvent } from '../../../../features/events/api/events.ts';
import { StatusBadge } from '../../../../features/events/components/event-badges.tsx';
import { useGallery } from '../../../../features/galleries/api/galleries.ts';
import { Lightbox } from '../../../../features/galleries/components/lightbox.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import { formatScheduledFor, formatShortDate, formatTime, formatWeekdayDate } from '../../../../../shared/dates.ts';
import { SeriesSummary } from '../../../../features/events/components/series-summary.tsx';
import { photoAlt } from '../../../../../shared/photo-text.ts';

function Tile({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 font-semibold break-words text-slate-900">{children || '-'}</dd>
    </div>
  );
}

/** §2 Event detail (staff): banner, tiles, gallery grid with a lightbox. */
export default function EventDetailScreen() {
  const { id } = useParams();
  const { data: event, isLoading, isError } = useEvent(id);
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const gallery = useGallery(event?.gallery_id);
  const [index, setIndex] = useState<number | null>(null);
  const canWrite = useCan('events', 'write');

  if (isLoading) return <p className="text-center text-slate-600">Loading event details...</p>;
  if (isError || !event) {
    return (
      <div className="mx-auto max-w-3xl rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">Failed to load event details.</p>
        <Link to="/cms/events" className="mt-2 inline-block font-semibold text-brand-700 underline">
          Go back
        </Link>
      </div>
    );
  }
  const images = gallery.data?.type === 'images' ? gallery.data.images : [];
  const icon = 'h-4 w-4 text-slate-500';

  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/cms/events/" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Events
        </Link>
        {canWrite && (
          <Link to={`/cms/events/edit/${event.id}`} className={buttonClass('secondary', 'sm')}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </Link>
        )}
      </div>

      <section className="relative mt-3 overflow-hidden rounded-2xl bg-slate-800">
        {event.cover_image ? (
          <SafeImage
            src={event.cover_image}
            alt=""
            className="aspect-[21/9] min-h-56 w-full opacity-70"
            sizes="(min-width: 1024px) 64rem, 100vw"
          />
        ) : (
          <div className="flex aspect-[21/9] min-h-56 w-full items-center justify-center text-slate-300">No Image Available</div>
        )}
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/90 to-transparent p-4 sm:p-6">
          <StatusBadge status={event.status} />
          <h1 className="mt-2 text-2xl font-bold text-white sm:text-3xl">{event.title}</h1>
        </div>
      </section>
      <p className="mt-4 whitespace-pre-line text-slate-800">{event.description}</p>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Tile icon={<Tag className={icon} aria-hidden="true" />} label="Category">
          {event.category}
        </Tile>
        <Tile icon={<MapPin className={icon} aria-hidden="true" />} label="Location">
          {event.location}
        </Tile>
        <Tile icon={<CalendarDays className={icon} aria-hidden="true" />} label="Start Date">
          {formatWeekdayDate(event.start_date, timeZone)}
        </Tile>
        <Tile icon={<Clock className={icon} aria-hidden="true" />} label="Start Time">
          {formatTime(event.start_date, timeZone)}
        </Tile>
        {event.end_date && (
          <Tile icon={<CalendarDays className={icon} aria-hidden="true" />} label="End Date & Time">
            {formatShortDate(event.end_date, timeZone)}, {formatTime(event.end_date, timeZone)}
          </Tile>
        )}
        <Tile icon={<MapPin className={icon} aria-hidden="true" />} label="Branch">
          {event.branch ?? 'Whole school'}
        </Tile>
        {!event.published && event.publishAt && (
          <Tile icon={<CalendarClock className={icon} aria-hidden="true" />} label="Not published yet">
            Scheduled for {formatScheduledFor(event.publishAt, timeZone)}
          </Tile>
        )}
        {event.series && (
          <Tile icon={<Repeat className={icon} aria-hidden="true" />} label="Repeats">
            {event.series.words}
            {event.detached && (
              <span className="block text-sm font-normal text-slate-600">This date was changed on its own.</span>
            )}
          </Tile>
        )}
      </dl>
      {event.series && <SeriesSummary series={event.series} currentId={event.id} timeZone={timeZone} />}

      {event.gallery_id && (
        <section className="mt-8" aria-labelledby="gallery-heading">
          <h2 id="gallery-heading" className="text-lg font-bold text-slate-900">
            Event Gallery
          </h2>
          {gallery.isLoading && <p className="mt-2 text-sm text-slate-600">Loading...</p>}
          {gallery.data?.type === 'video' && gallery.data.videoUrl && (
            <p className="mt-2 text-sm">
              Video:{' '}
              <a
                className="font-semibold text-brand-700 underline"
                href={gallery.data.videoUrl}
                target="_blank"
                rel="noreferrer noopener"
              >
                {gallery.data.title}
              </a>
            </p>
          )}
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {images.map((src, i) => (
              <li key={src + i}>
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-xl focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                  onClick={() => setIndex(i)}
                  aria-label={`Open image ${i + 1} of ${images.length}`}
                >
                  <SafeImage
                    src={src}
                    alt={photoAlt(gallery.data?.title ?? event.title, i, images.length, gallery.data?.photos[i]?.alt)}
                    className="aspect-square w-full transition-transform hover:scale-105"
                    sizes="(min-width: 1024px) 16rem, 50vw"
                  />
                </button>
              </li>
            ))}
          </ul>
          <Lightbox
            images={images}
            photos={gallery.data?.photos}
            index={index}
            title={gallery.data?.title ?? event.title}
            onIndexChange={setIndex}
            onClose={() => setIndex(null)}
          />
        </section>
      )}
    </div>
  );
}
