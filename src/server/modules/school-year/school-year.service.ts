import { asc, eq } from 'drizzle-orm';
import type { SchoolDate } from '../../../shared/school-year.ts';
import type { Db } from '../../db/client.ts';
import { schoolDates } from '../../db/schema/index.ts';

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
