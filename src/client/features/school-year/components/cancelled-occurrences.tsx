import { useCancelledByClosure } from '../api/school-year.ts';

const when = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});
/** 'Tue, Dec 3, 9:30 AM' for a wall-clock 'YYYY-MM-DDTHH:mm' (read as UTC: no zone shifts it). */
const occurrenceWords = (start: string) => when.format(new Date(`${start}:00Z`));

/** What a closure cancelled: "Cancels: Forest School, Tue, Dec 3, 9:30 AM". */
export function CancelledOccurrences({ closureId }: { closureId: number }) {
  const { data, isError } = useCancelledByClosure(closureId);
  if (isError) return <p className="mt-1 text-sm text-red-700">Could not load what this closure cancels.</p>;
  if (!data) return null;
  if (data.length === 0) return <p className="mt-1 text-sm text-slate-600">Cancels no repeating event.</p>;
  return (
    <div className="mt-1 text-sm text-slate-700">
      <span className="font-semibold">Cancels:</span>
      <ul className="mt-0.5 list-disc pl-5">
        {data.map((o) => (
          <li key={`${o.seriesId}-${o.start}`}>
            {o.eventTitle}, {occurrenceWords(o.start)}
          </li>
        ))}
      </ul>
    </div>
  );
}
