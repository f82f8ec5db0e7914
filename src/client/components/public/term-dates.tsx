import type { SchoolDate } from '#shared/school-year.ts';
import { daysInWords } from './school-days.ts';

const KIND_WORDS: Record<SchoolDate['kind'], string> = { term: 'Term', half_term: 'Half-term', closure: 'Closed' };

/** Issue 34: the school year's terms, half-terms and closure days still to come, compactly; nothing when there are none. */
export function TermDates({ dates, showBranch }: { dates: SchoolDate[]; showBranch: boolean }) {
  if (dates.length === 0) return null;
  return (
    <section aria-labelledby="term-dates" className="mt-10 rounded-3xl bg-amber-50 p-4 sm:p-6">
      <h2 id="term-dates" className="text-xl font-black text-slate-900 sm:text-2xl">
        Term dates
      </h2>
      <ul className="mt-3 divide-y divide-orange-100">
        {dates.map((d) => (
          <li key={d.id} className="flex flex-col gap-x-4 py-2 sm:flex-row sm:items-baseline">
            <span className="w-24 shrink-0 text-xs font-bold uppercase tracking-wide text-slate-700">{KIND_WORDS[d.kind]}</span>
            <span className="font-semibold text-slate-900">
              {d.name}
              {showBranch && d.branch ? <span className="font-normal text-slate-700"> ({d.branch})</span> : null}
            </span>
            <span className="text-slate-700 sm:ml-auto">{daysInWords(d.starts_on, d.ends_on)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
