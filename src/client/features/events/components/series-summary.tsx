import { Link } from 'react-router';
import { formatTime, formatWeekdayDate } from '../../../../shared/dates.ts';
import type { EventSeries } from '../../../../shared/schemas/event-series.ts';

/** Issue 34, staff event detail: a repeating event's next dates and the ones closures cancelled. */
export function SeriesSummary({ series, currentId, timeZone }: { series: EventSeries; currentId: number; timeZone: string }) {
  const when = (iso: string) => `${formatWeekdayDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2">
      <section aria-labelledby="next-dates" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="next-dates" className="font-bold text-slate-900">
          Next dates
        </h2>
        <p className="text-sm text-slate-600">
          {series.occurrences} date{series.occurrences === 1 ? '' : 's'} in all
        </p>
        {series.next.length ? (
          <ul className="mt-2 space-y-1 text-sm">
            {series.next.map((o) => (
              <li key={o.id}>
                {o.id === currentId ? (
                  <span aria-current="page" className="font-semibold text-slate-900">
                    {when(o.start_date)} (this one)
                  </span>
                ) : (
                  <Link to={`/cms/events/${o.id}`} className="font-semibold text-brand-700 underline">
                    {when(o.start_date)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-700">No dates still to come.</p>
        )}
      </section>
      <section aria-labelledby="cancelled-dates" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="cancelled-dates" className="font-bold text-slate-900">
          Cancelled by closures
        </h2>
        {series.cancelled.length ? (
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {series.cancelled.map((c) => (
              <li key={c.start_date}>
                {when(c.start_date)}: <span className="font-semibold">{c.closure}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-700">No closure falls on its dates.</p>
        )}
      </section>
    </div>
  );
}
