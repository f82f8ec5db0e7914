import type { SchoolDate } from '../../../shared/school-year.ts';

type SampleDate = Omit<SchoolDate, 'id'>;

const DAY = 24 * 3600_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY);
/** The Monday on or after `d`; the Friday on or before it. */
const mondayFrom = (d: Date) => addDays(d, (8 - d.getUTCDay()) % 7);
const fridayUntil = (d: Date) => addDays(d, -((d.getUTCDay() + 2) % 7));
/** A Monday-to-Friday week from the Monday on or after the given day. */
const week = (year: number, month: number, day: number) => {
  const monday = mondayFrom(utc(year, month, day));
  return { starts_on: iso(monday), ends_on: iso(addDays(monday, 4)) };
};
const term = (name: string, from: Date, to: Date): SampleDate => ({
  kind: 'term',
  name,
  starts_on: iso(mondayFrom(from)),
  ends_on: iso(fridayUntil(to)),
  branch: null,
});

/**
 * The sample school's year around `today` (from April, the one starting in June): three terms
 * (June to March, as many preschools keep it), a week's half-term in each, and a staff training day (a closure of the whole school) on a
 * Friday in term, after `today` when the year has one left.
 */
export function sampleSchoolYear(today = new Date()): SampleDate[] {
  const y = today.getUTCMonth() + 1 >= 4 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const half = (name: string, w: { starts_on: string; ends_on: string }): SampleDate => ({
    kind: 'half_term',
    name,
    ...w,
    branch: null,
  });
  const terms = [
    term('Monsoon term', utc(y, 6, 2), utc(y, 9, 26)),
    term('Autumn term', utc(y, 10, 13), utc(y, 12, 19)),
    term('Spring term', utc(y + 1, 1, 5), utc(y + 1, 3, 27)),
  ];
  const halves = [
    half('August half-term', week(y, 8, 11)),
    half('November half-term', week(y, 11, 10)),
    half('February half-term', week(y + 1, 2, 16)),
  ];
  const inHalf = (day: string) => halves.some((h) => h.starts_on <= day && day <= h.ends_on);
  const fridays = terms.flatMap((t) => {
    const out: string[] = [];
    for (
      let d = addDays(utc(...(t.starts_on.split('-').map(Number) as [number, number, number])), 4);
      iso(d) <= t.ends_on;
      d = addDays(d, 7)
    )
      if (!inHalf(iso(d))) out.push(iso(d));
    return out;
  });
  const soon = iso(addDays(today, 10));
  const closureDay = fridays.find((f) => f >= soon) ?? fridays.at(-1)!;
  const closure: SampleDate = {
    kind: 'closure',
    name: 'Staff training day',
    starts_on: closureDay,
    ends_on: closureDay,
    branch: null,
  };
  return [...terms, ...halves, closure];
}
