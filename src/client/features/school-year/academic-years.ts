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

/**
 * The month the school's year starts in: that of the term after the longest break between terms
 * (the summer holiday, wherever the school is), else of the first term; September with no terms.
 */
export function yearStartMonth(dates: readonly SchoolDate[]): number {
  const terms = dates.filter((d) => d.kind === 'term' && d.branch === null);
  const all = terms.length ? terms : dates.filter((d) => d.kind === 'term');
  if (!all.length) return 9;
  let best = all[0]!;
  let longest = -1;
  for (let i = 1; i < all.length; i++) {
    const gap = dayNumber(all[i]!.starts_on) - dayNumber(all[i - 1]!.ends_on);
    if (gap > longest) [longest, best] = [gap, all[i]!];
  }
  return month(best.starts_on);
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
