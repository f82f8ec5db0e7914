import type { SchoolDate } from '#shared/school-year.ts';

export interface TermWithBreaks {
  term: SchoolDate;
  halfTerms: SchoolDate[];
}

export interface AcademicYear {
  /** '2031–32', or '2031' for a school whose year is the calendar year. */
  label: string;
  terms: TermWithBreaks[];
  closures: SchoolDate[];
  /** Half-terms no term holds (entered before the rule, or their term's dates changed in the database). */
  loose: SchoolDate[];
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const month = (day: string) => Number(day.slice(5, 7));
const year = (day: string) => Number(day.slice(0, 4));

/** Day of the year, 0-364, on a year without 29 February (the 29th counts as the 28th). */
const dayOfYear = (day: string) => {
  const [, m, d] = day.split('-').map(Number) as [number, number, number];
  return (Date.UTC(2001, m - 1, Math.min(d, m === 2 ? 28 : d)) - Date.UTC(2001, 0, 1)) / 86_400_000;
};

/**
 * The month the school's year starts in: the first term day after the longest stretch of the
 * calendar no term covers (the long holiday, wherever the school is and whatever years are
 * entered); September with no terms.
 */
export function yearStartMonth(dates: readonly SchoolDate[]): number {
  const terms = dates.filter((d) => d.kind === 'term');
  if (!terms.length) return 9;
  const covered = new Array<boolean>(365).fill(false);
  for (const t of terms) {
    const length = Math.min(364, dayNumber(t.ends_on) - dayNumber(t.starts_on));
    for (let i = 0, doy = dayOfYear(t.starts_on); i <= length; i++) covered[(doy + i) % 365] = true;
  }
  if (covered.every(Boolean)) return month(terms[0]!.starts_on);
  // The longest run of uncovered days, going round the year once from a covered day.
  const from = covered.indexOf(true);
  let [best, bestEnd, run] = [0, from, 0];
  for (let i = 1; i <= 365; i++) {
    const doy = (from + i) % 365;
    if (!covered[doy]) run += 1;
    else {
      if (run > best) [best, bestEnd] = [run, doy];
      run = 0;
    }
  }
  return new Date(Date.UTC(2001, 0, 1 + bestEnd)).getUTCMonth() + 1;
}

const holds = (term: SchoolDate, d: SchoolDate) =>
  term.starts_on <= d.starts_on && d.ends_on <= term.ends_on && (term.branch === null || term.branch === d.branch);

/** The year as the back office lists it: academic years, each with its terms (their half-terms) and closures. */
export function academicYears(dates: readonly SchoolDate[]): AcademicYear[] {
  const startMonth = yearStartMonth(dates);
  const labelOf = (day: string) => {
    const first = month(day) >= startMonth ? year(day) : year(day) - 1;
    return startMonth === 1 ? String(first) : `${first}–${String((first + 1) % 100).padStart(2, '0')}`;
  };
  const years = new Map<string, AcademicYear>();
  const yearOf = (day: string) => {
    const label = labelOf(day);
    let found = years.get(label);
    if (!found) years.set(label, (found = { label, terms: [], closures: [], loose: [] }));
    return found;
  };
  const terms: TermWithBreaks[] = [];
  for (const d of dates) {
    if (d.kind !== 'term') continue;
    const entry = { term: d, halfTerms: [] };
    terms.push(entry);
    yearOf(d.starts_on).terms.push(entry);
  }
  for (const d of dates) {
    if (d.kind === 'closure') yearOf(d.starts_on).closures.push(d);
    if (d.kind !== 'half_term') continue;
    const term = terms.find((t) => holds(t.term, d));
    if (term) term.halfTerms.push(d);
    else yearOf(d.starts_on).loose.push(d);
  }
  return [...years.values()].sort((a, b) => a.label.localeCompare(b.label));
}
