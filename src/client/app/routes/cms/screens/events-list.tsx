import { CalendarDays, CalendarPlus, Eye, ImageIcon, MapPin, Pencil, Search, Tag, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { Input, NativeSelect } from '../../../../components/ui/input.tsx';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { useDeleteEvent, useEvents } from '../../../../features/events/api/events.ts';
import { StatusBadge } from '../../../../features/events/components/event-badges.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { ConfirmDialog } from '../../../../features/media/components/confirm-dialog.tsx';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import { displayStatus, type Event } from '../../../../../shared/schemas/event.ts';
import { formatShortDate } from '../../../../../shared/dates.ts';

const FILTERS = [
  ['all', 'All Status'],
  ['upcoming', 'Upcoming'],
  ['ongoing', 'Ongoing'],
  ['completed', 'Completed'],
] as const;

/** §2 Events list (staff): search, status filter, four counters, cards with View/Edit/Delete. */
export default function EventsListScreen() {
  const { data: events = [], isLoading, isError, error } = useEvents();
  const canWrite = useCan('events', 'write');
  const canDelete = useCan('events', 'delete');
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const remove = useDeleteEvent();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>('all');
  const [confirm, setConfirm] = useState<Event | null>(null);

  const counts = useMemo(() => {
    const c = { upcoming: 0, ongoing: 0, completed: 0 };
    for (const e of events) c[displayStatus(e.status)]++;
    return c;
  }, [events]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return events.filter(
      (e) =>
        (status === 'all' || displayStatus(e.status) === status) &&
        (!q || [e.title, e.category, e.location].some((v) => v.toLowerCase().includes(q))),
    );
  }, [events, search, status]);

  const doDelete = async () => {
    if (!confirm) return;
    try {
      await remove.mutateAsync(confirm.id);
      toast.success('Event deleted');
    } catch (err) {
      toast.error((err as Error).message || 'Failed to delete event');
    } finally {
      setConfirm(null);
    }
  };

  const filtered = search.trim() !== '' || status !== 'all';

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

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          ['Total Events', events.length, 'text-slate-900'],
          ['Upcoming', counts.upcoming, 'text-blue-700'],
          ['Ongoing', counts.ongoing, 'text-green-700'],
          ['Completed', counts.completed, 'text-slate-700'],
        ].map(([label, value, color]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className={`mt-1 text-2xl font-bold ${color}`}>{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search events"
            placeholder="Search events..."
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <NativeSelect
          aria-label="Filter by status"
          className="sm:w-48"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          {FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>

      {isLoading && <p className="mt-8 text-center text-slate-600">Loading...</p>}
      {isError && (
        <p role="alert" className="mt-8 text-center text-red-700">
          {error?.message || 'Unable to load events. Please try again later.'}
        </p>
      )}
      {!isLoading && !isError && shown.length === 0 && (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <CalendarDays className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          {filtered ? (
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

      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((e) => (
          <li key={e.id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <div className="relative aspect-[16/9]">
              {e.cover_image ? (
                <SafeImage src={e.cover_image} alt="" className="h-full w-full" />
              ) : (
                <div className="flex h-full w-full items-center justify-center bg-slate-100">
                  <ImageIcon className="h-10 w-10 text-slate-400" aria-label="No cover image" />
                </div>
              )}
              <StatusBadge status={e.status} className="absolute top-3 left-3 shadow" />
            </div>
            <div className="flex flex-1 flex-col p-4">
              <h2 className="line-clamp-2 font-semibold text-slate-900">{e.title}</h2>
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
                  {formatShortDate(e.start_date, timeZone)}
                </li>
              </ul>
              <div className="mt-4 flex gap-2 border-t border-slate-100 pt-3">
                <Link to={`/cms/events/${e.id}`} className={buttonClass('secondary', 'sm')} aria-label={`View ${e.title}`}>
                  <Eye className="h-4 w-4" aria-hidden="true" /> View
                </Link>
                {canWrite && (
                  <Link to={`/cms/events/edit/${e.id}`} className={buttonClass('secondary', 'sm')} aria-label={`Edit ${e.title}`}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                  </Link>
                )}
                {canDelete && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-red-700"
                    aria-label={`Delete ${e.title}`}
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
      <ConfirmDialog
        open={!!confirm}
        message="Are you sure you want to delete this event?"
        pending={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
