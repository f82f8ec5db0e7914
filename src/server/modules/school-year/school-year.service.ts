import { asc, eq } from 'drizzle-orm';
import { formatShortDate } from '../../../shared/dates.ts';
import type { SchoolDate } from '../../../shared/school-year.ts';
import type { SchoolDateValues } from '../../../shared/schemas/school-year.ts';
import type { Db } from '../../db/client.ts';
import { schoolDates } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../errors.ts';
import { getSchoolProfile } from '../site/site.service.ts';

type SchoolDateRow = typeof schoolDates.$inferSelect;

const toSchoolDate = (r: SchoolDateRow): SchoolDate => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  starts_on: r.startsOn,
  ends_on: r.endsOn,
  branch: r.branch,
});

/** The whole school year (every term, half-term and closure), earliest first. */
export async function listSchoolDates(db: Db): Promise<SchoolDate[]> {
  const rows = await db
    .select()
    .from(schoolDates)
    .orderBy(asc(schoolDates.startsOn), asc(schoolDates.endsOn), asc(schoolDates.id));
  return rows.map(toSchoolDate);
}

export async function getSchoolDate(db: Db, id: number): Promise<SchoolDate | null> {
  const [row] = await db.select().from(schoolDates).where(eq(schoolDates.id, id));
  return row ? toSchoolDate(row) : null;
}

/** 'Sep 1, 2026' for a 'YYYY-MM-DD' day (read at noon UTC: the same day in every zone's words). */
const dayWords = (day: string) => formatShortDate(`${day}T12:00:00Z`, 'UTC');
const span = (d: Pick<SchoolDate, 'starts_on' | 'ends_on'>) =>
  d.starts_on === d.ends_on ? dayWords(d.starts_on) : `${dayWords(d.starts_on)} to ${dayWords(d.ends_on)}`;

/** A branch that is one of the school profile's (null: the whole school); a 400 naming them otherwise. */
async function checkBranch(db: Db, branch: string | null): Promise<void> {
  if (branch === null) return;
  const branches = (await getSchoolProfile(db)).branches.map((b) => b.name);
  if (branches.includes(branch)) return;
  throw badRequest('Choose one of the school’s branches, or the whole school.', {
    fields: {
      branch: branches.length
        ? `“${branch}” is not one of the school’s branches: choose one of ${branches.join(', ')}, or the whole school.`
        : 'The school profile lists no branches: choose the whole school.',
    },
  });
}

/** Does a term hold the whole of a half-term (a whole-school term holds any; a branch's, its own)? */
const holds = (term: SchoolDate, half: Pick<SchoolDate, 'starts_on' | 'ends_on' | 'branch'>) =>
  term.kind === 'term' &&
  term.starts_on <= half.starts_on &&
  half.ends_on <= term.ends_on &&
  (term.branch === null || term.branch === half.branch);

/**
 * The year as it would be after a write (`changed` in place of the row with its id, or added; null
 * removes `removedId`) must keep every half-term inside a term: a 400 naming the term dates if not.
 */
function checkHalfTerms(year: SchoolDate[], changed: SchoolDate | null, removedId?: number): void {
  const after = year.filter((d) => d.id !== (changed?.id ?? removedId));
  if (changed) after.push(changed);
  const terms = after.filter((d) => d.kind === 'term');
  const termWords = terms.length
    ? `The terms are: ${terms.map((t) => `${t.name} (${span(t)}${t.branch ? `, ${t.branch}` : ''})`).join('; ')}.`
    : 'No term has been entered yet: add the term first.';
  if (changed?.kind === 'half_term' && !terms.some((t) => holds(t, changed))) {
    const message = `A half-term must lie within a term. ${termWords}`;
    throw badRequest(message, { fields: { starts_on: message } });
  }
  const orphan = after.find((d) => d.kind === 'half_term' && !terms.some((t) => holds(t, d)));
  if (orphan) {
    const message = `The half-term “${orphan.name}” (${span(orphan)}) would no longer lie within a term: change or remove it first.`;
    throw changed ? badRequest(message, { fields: { starts_on: message } }) : conflict(message);
  }
}

const columnsOf = (v: SchoolDateValues) => ({
  kind: v.kind,
  name: v.name,
  startsOn: v.starts_on,
  endsOn: v.ends_on,
  branch: v.branch,
});

export async function createSchoolDate(db: Db, values: SchoolDateValues): Promise<SchoolDate> {
  await checkBranch(db, values.branch);
  checkHalfTerms(await listSchoolDates(db), { id: 0, ...values });
  const [row] = await db.insert(schoolDates).values(columnsOf(values)).returning();
  return toSchoolDate(row!);
}

export async function updateSchoolDate(db: Db, current: SchoolDate, values: SchoolDateValues): Promise<SchoolDate> {
  if (values.branch !== current.branch) await checkBranch(db, values.branch);
  checkHalfTerms(await listSchoolDates(db), { id: current.id, ...values });
  const [row] = await db
    .update(schoolDates)
    .set({ ...columnsOf(values), updatedAt: new Date() })
    .where(eq(schoolDates.id, current.id))
    .returning();
  return toSchoolDate(row!);
}

export async function deleteSchoolDate(db: Db, current: SchoolDate): Promise<void> {
  checkHalfTerms(await listSchoolDates(db), null, current.id);
  await db.delete(schoolDates).where(eq(schoolDates.id, current.id));
}
