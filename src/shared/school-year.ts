/**
 * Issue 34: the school year (terms, half-terms, closure days) as the public pages, the back office
 * and the repeating events read it. Days are 'YYYY-MM-DD' on the school's clock; a date's `branch`
 * is one branch of the school profile, or null for the whole school. Pure: no zod, no database.
 */
export const SCHOOL_DATE_KINDS = ['term', 'half_term', 'closure'] as const;
export type SchoolDateKind = (typeof SCHOOL_DATE_KINDS)[number];

export interface SchoolDate {
  id: number;
  kind: SchoolDateKind;
  name: string;
  starts_on: string;
  ends_on: string;
  branch: string | null;
}

/** Does the date hold on `day` for something at `branch` (null: the whole school)? */
const covers = (date: SchoolDate, day: string, branch: string | null) =>
  date.starts_on <= day && day <= date.ends_on && (date.branch === null || date.branch === branch);

/**
 * The closure that cancels what happens on `day` at `branch`, or null. A closure of one branch
 * cancels nothing of the whole school's (it still happens at the other branches).
 */
export function closureOn(dates: readonly SchoolDate[], day: string, branch: string | null): SchoolDate | null {
  return dates.find((d) => d.kind === 'closure' && covers(d, day, branch)) ?? null;
}

/** Term time: inside a term, outside its half-terms, and not a closure day. */
export function isTermTime(dates: readonly SchoolDate[], day: string, branch: string | null): boolean {
  return (
    dates.some((d) => d.kind === 'term' && covers(d, day, branch)) &&
    !dates.some((d) => d.kind === 'half_term' && covers(d, day, branch)) &&
    !closureOn(dates, day, branch)
  );
}
