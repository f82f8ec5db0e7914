import { formatTime, toDatetimeLocal } from '#shared/dates.ts';
import type { PublicEventMonth } from '#client/lib/public-data.ts';
import type { SchoolDate } from '#shared/school-year.ts';
import { eventPath } from './event-card.tsx';
import { PageLink } from './page-link.tsx';
import { monthInWords, WEEKDAYS, weekdayOf } from './school-days.ts';

type MonthEvent = PublicEventMonth['events'][number];

interface Day {
  day: string;
  events: MonthEvent[];
  /** Closures and half-terms on the day, in words. */
  notes: string[];
}

const NOTE_WORDS: Partial<Record<SchoolDate['kind'], string>> = { closure: 'Closed', half_term: 'Half-term' };

function daysOf(month: PublicEventMonth, timeZone: string): Day[] {
  const [y, m] = month.month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const days: Day[] = Array.from({ length: count }, (_, i) => {
    const day = `${month.month}-${String(i + 1).padStart(2, '0')}`;
    const notes = month.dates
      .filter((d) => NOTE_WORDS[d.kind] && d.starts_on <= day && day <= d.ends_on)
      .map((d) => `${NOTE_WORDS[d.kind]}: ${d.name}${d.branch ? ` (${d.branch})` : ''}`);
    return { day, events: [], notes };
  });
  for (const event of month.events) {
    const at = Number(toDatetimeLocal(event.start_date, timeZone).slice(8, 10));
    days[at - 1]?.events.push(event);
  }
  return days;
}

function DayContent({ day, timeZone }: { day: Day; timeZone: string }) {
  return (
    <>
      {day.notes.map((note) => (
        <p key={note} className="mt-1 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
          {note}
        </p>
      ))}
      {day.events.length > 0 && (
        // The links' looks set once here: a busy month has hundreds of them, twice (table and phone list).
        <ul className="mt-1 space-y-1 text-xs font-semibold text-brand-900 [&_a]:block [&_a]:rounded-md [&_a]:bg-brand-50 [&_a]:px-1.5 [&_a]:py-0.5 [&_a]:underline-offset-2 [&_a:hover]:underline">
          {day.events.map((event) => (
            <li key={event.id}>
              <PageLink to={eventPath(event)}>{`${formatTime(event.start_date, timeZone)} ${event.title}`}</PageLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Issue 34: a month of events as a real table (weeks from Monday), each day's events as links,
 * closures and half-terms named, today marked. On phones a list of the days with something on.
 */
export function EventMonth({ month, timeZone, today }: { month: PublicEventMonth; timeZone: string; today: string }) {
  const days = daysOf(month, timeZone);
  const lead = weekdayOf(days[0]!.day);
  const cells: (Day | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const busy = days.filter((d) => d.events.length > 0 || d.notes.length > 0);
  return (
    <>
      <table className="mt-6 hidden w-full table-fixed border-collapse sm:table">
        <caption className="sr-only">{monthInWords(month.month)}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col" className="pb-2 text-sm font-bold text-slate-700">
                <abbr title={name} className="no-underline">
                  {name.slice(0, 3)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((cell, j) =>
                cell ? (
                  <td
                    key={cell.day}
                    aria-current={cell.day === today ? 'date' : undefined}
                    className={`h-28 border border-orange-100 p-1.5 align-top ${cell.day === today ? 'bg-amber-50 ring-2 ring-inset ring-brand-600' : 'bg-white'}`}
                  >
                    <span className="text-sm font-bold text-slate-800">{Number(cell.day.slice(8))}</span>
                    <DayContent day={cell} timeZone={timeZone} />
                  </td>
                ) : (
                  <td key={`empty-${j}`} className="border border-orange-100 bg-slate-50" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-6 sm:hidden">
        {busy.length === 0 ? (
          <p className="rounded-3xl bg-amber-50 p-6 text-center text-slate-700">Nothing planned this month.</p>
        ) : (
          <ol className="space-y-3" aria-label={`Days in ${monthInWords(month.month)}`}>
            {busy.map((d) => (
              <li
                key={d.day}
                aria-current={d.day === today ? 'date' : undefined}
                className="rounded-2xl bg-white p-3 ring-1 ring-orange-100"
              >
                <p className="font-bold text-slate-900">
                  {WEEKDAYS[weekdayOf(d.day)]} {Number(d.day.slice(8))}
                  {d.day === today ? <span className="font-normal text-slate-700"> (today)</span> : null}
                </p>
                <DayContent day={d} timeZone={timeZone} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
