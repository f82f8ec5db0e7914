import { CalendarClock, CalendarDays, CalendarPlus, Eye, ImageIcon, MapPin, Pencil, Repeat, Tag, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AudienceBadge } from '#client/components/cms/audience-fields.tsx';
import { CounterTiles } from '#client/components/cms/counter-tiles.tsx';
import { programmesQueryOptions } from '#client/features/admissions/api/get-programmes.ts';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { useListParams, usePageInRange } from '#client/lib/use-list-params.ts';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { NativeSelect } from '../../../../components/ui/input.tsx';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { useDeleteEvent, useEventsList } from '../../../../features/events/api/events.ts';
import { StatusBadge } from '../../../../features/events/components/event-badges.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { ConfirmDialog } from '../../../../features/media/components/confirm-dialog.tsx';
import { ScopeDialog } from '../../../../features/events/components/scope-dialog.tsx';
import type { EventScope } from '../../../../../shared/schemas/event-series.ts';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import { EVENT_STATUSES, type Event } from '../../../../../shared/schemas/event.ts';
import { formatScheduledFor, formatShortDate, formatTime } from '../../../../../shared/dates.ts';

const PAGE_SIZE = 24;
const FILTERS = [
  ['', 'All Status'],
  ['upcoming', 'Upcoming'],
  ['ongoing', 'Ongoing'],
  ['completed', 'Completed'],
] as const;

/**
 * §2 Events list (staff): search, status filter, four counters, cards with View/Edit/Delete. One
 * page at a time, searched and filtered by the server (DESIGN §10); the address keeps the page.
 */
/** An event as its buttons name it: a repeating event's dates share a title, so each says its date too. */
const namedIn = (timeZone: string) => (e: { title: string; seriesId: number | null; start_date: string }) =>
  e.seriesId === null ? e.title : `${e.title}, ${formatShortDate(e.start_date, timeZone)}`;

export default function EventsListScreen() {
  const list = useListParams({ status: EVENT_STATUSES }, PAGE_SIZE);
  const { data, isPending, isError, isPlaceholderData } = useEventsList({
    limit: PAGE_SIZE,
    offset: list.offset,
    q: list.q || undefined,
    status: list.filters.status || undefined,
  });
  usePageInRange(list, data?.total, PAGE_SIZE, isPlaceholderData);
  const events = data?.data ?? [];
  // The programmes' names only when an event is for a programme's families.
  const programmes = useQuery({ ...programmesQueryOptions(), enabled: events.some((e) => e.audience === 'programme') }).data;
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const named = namedIn(timeZone);
  const remove = useDeleteEvent();
  const canWrite = useCan('events', 'write');
  const canDelete = useCan('events', 'delete');
  const [confirm, setConfirm] = useState<Event | null>(null);

  const doDelete = async (scope?: EventScope) => {
    if (!confirm) return;
    try {
      await remove.mutateAsync({ id: confirm.id, scope });
      toast.success('Event deleted');
    } catch (err) {
      toast.error((err as Error).message || 'Failed to delete event');
    } finally {
      setConfirm(null);
    }
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Events</h1>
          <p className="text-sm text-slate-600">Plan and manage the school's events.</p>
        </div>
        {canWrite && (
          <Link to="/cms/events/new" className={buttonClass('primary')}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Create Event
          </Link>
        )}
      </div>

      <CounterTiles
        className="mt-6 grid-cols-2 lg:grid-cols-4"
        counters={[
          ['Total Events', data?.counts.total],
          ['Upcoming', data?.counts.upcoming, 'text-blue-700'],
          ['Ongoing', data?.counts.ongoing, 'text-green-700'],
          ['Completed', data?.counts.completed, 'text-slate-700'],
        ]}
      />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SearchBox
          className="flex-1"
          label="Search events"
          placeholder="Search events..."
          value={list.q}
          onSearch={list.setSearch}
        />
        <NativeSelect
          aria-label="Filter by status"
          className="sm:w-48"
          value={list.filters.status}
          onChange={(e) => list.setFilter('status', e.target.value)}
        >
          {FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>

      {isPending && <p className="mt-8 text-center text-slate-600">Loading...</p>}
      {isError && <p className="mt-8 text-center text-red-700">Unable to load events. Please try again later.</p>}
      {data && events.length === 0 && (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <CalendarDays className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          {list.filtered ? (
            <>
              <h2 className="mt-3 text-lg font-semibold text-slate-900">No events found</h2>
              <p className="mt-1 text-sm text-slate-600">Try adjusting your search or filter</p>
            </>
          ) : (
            <>
              <h2 className="mt-3 text-lg font-semibold text-slate-900">No events yet</h2>
              <p className="mt-1 text-sm text-slate-600">Get started by creating your first event</p>
              {canWrite && (
                <Link to="/cms/events/new" className={buttonClass('primary', 'md', 'mt-4')}>
                  Create Your First Event
                </Link>
              )}
            </>
          )}
        </div>
      )}

      <ul
        className={`mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
        aria-label="Events"
        aria-busy={isPlaceholderData || undefined}
      >
        {events.map((e, i) => (
          <li key={e.id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <div className="relative aspect-[16/9]">
              {e.cover_image ? (
                <SafeImage src={e.cover_image} alt="" className="h-full w-full" eager={i === 0} />
              ) : (
                <div className="flex h-full w-full items-center justify-center bg-slate-100">
                  <ImageIcon className="h-10 w-10 text-slate-400" aria-label="No cover image" />
                </div>
              )}
              <StatusBadge status={e.status} className="absolute top-3 left-3 shadow" />
            </div>
            <div className="flex flex-1 flex-col p-4">
              <h2 className="line-clamp-2 font-semibold text-slate-900">{e.title}</h2>
              <div className="mt-1 flex flex-wrap gap-1 empty:hidden">
                <AudienceBadge item={e} programmes={programmes} />
                {/* Issue 34: an occurrence of a repeating event; one not yet live says when it will be. */}
                {e.seriesId !== null && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900">
                    <Repeat className="h-3 w-3" aria-hidden="true" /> Repeats
                  </span>
                )}
                {!e.published && e.publishAt && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                    <CalendarClock className="h-3 w-3" aria-hidden="true" /> Scheduled for{' '}
                    {formatScheduledFor(e.publishAt, timeZone)}
                  </span>
                )}
              </div>
              <ul className="mt-2 space-y-1 text-sm text-slate-700">
                <li className="flex items-center gap-2">
                  <MapPin className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <span className="truncate">{e.location}</span>
                </li>
                <li className="flex items-center gap-2">
                  <Tag className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  {e.category}
                </li>
                <li className="flex items-center gap-2">
                  <CalendarDays className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  {formatShortDate(e.start_date, timeZone)}, {formatTime(e.start_date, timeZone)}
                </li>
                {e.branch && (
                  <li className="flex items-center gap-2">
                    <MapPin className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                    <span className="truncate">At {e.branch}</span>
                  </li>
                )}
              </ul>
              <div className="mt-4 flex gap-2 border-t border-slate-100 pt-3">
                <Link to={`/cms/events/${e.id}`} className={buttonClass('secondary', 'sm')} aria-label={`View ${named(e)}`}>
                  <Eye className="h-4 w-4" aria-hidden="true" /> View
                </Link>
                {canWrite && (
                  <Link
                    to={`/cms/events/edit/${e.id}`}
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Edit ${named(e)}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                  </Link>
                )}
                {canDelete && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-red-700"
                    aria-label={`Delete ${named(e)}`}
                    onClick={() => setConfirm(e)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                  </Button>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {data && (
        <ListPager
          label="Events pages"
          page={list.page}
          pageSize={PAGE_SIZE}
          total={data.total}
          busy={isPlaceholderData}
          onPage={list.setPage}
        />
      )}
      <ScopeDialog
        open={!!confirm && confirm.seriesId !== null}
        action="delete"
        pending={remove.isPending}
        onChoose={(scope) => void doDelete(scope)}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={!!confirm && confirm.seriesId === null}
        message="Are you sure you want to delete this event?"
        pending={remove.isPending}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
