import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProgrammeOption } from '../../../shared/schemas/enquiry-options.ts';
import type { Programme, ProgramsContent } from '../../../shared/schemas/site-content.ts';
import type { Db } from '../../db/client.ts';
import { children, enquiries } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { getSchoolProfile, getSiteContent } from '../site/site.service.ts';

/** The most programmes the Programs section holds (ProgramsContentSchema). */
const MAX_PROGRAMMES = 12;

export const toProgrammeOption = (p: Programme): ProgrammeOption => ({
  key: p.key,
  name: p.name,
  ages: p.ages,
  minAge: p.minAge,
  maxAge: p.maxAge,
  hidden: p.hidden,
});

/** The school's programmes as parents read them (the published Programs section, or the default). */
export async function currentProgrammes(db: Db): Promise<ProgrammeOption[]> {
  return (await getSiteContent(db, 'programs')).programmes.map(toProgrammeOption);
}

/** How many admission enquiries (any stage) name each of `keys`. */
async function enquiriesPerProgramme(db: Db, keys: string[]): Promise<Map<string, number>> {
  const department = sql<string>`${enquiries.details} ->> 'department'`;
  const rows = await db
    .select({ key: department, n: sql<number>`count(*)`.mapWith(Number) })
    .from(enquiries)
    .where(and(eq(enquiries.type, 'admission'), inArray(department, keys)))
    .groupBy(department);
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** How many children of the school's families (issue 32) are in each of `keys`. */
async function childrenPerProgramme(db: Db, keys: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: children.programme, n: sql<number>`count(*)`.mapWith(Number) })
    .from(children)
    .where(inArray(children.programme, keys))
    .groupBy(children.programme);
  return new Map(rows.map((r) => [r.key, r.n]));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Issue 30: a programme that enquiries, a branch's seats or (issue 32) children name cannot vanish. Called before the
 * Programs section is saved (draft) or published: a programme `previous` had that `next` dropped is
 * put back where it was, hidden from the admission form, and `notices` tell staff why.
 */
export async function keepProgrammesInUse(
  db: Db,
  previous: ProgramsContent,
  next: ProgramsContent,
): Promise<{ content: ProgramsContent; notices: string[] }> {
  const kept = new Set(next.programmes.map((p) => p.key));
  const dropped = previous.programmes.filter((p) => !kept.has(p.key));
  if (dropped.length === 0) return { content: next, notices: [] };
  const keys = dropped.map((p) => p.key);
  const [counts, pupils, school] = await Promise.all([
    enquiriesPerProgramme(db, keys),
    childrenPerProgramme(db, keys),
    getSchoolProfile(db),
  ]);
  const programmes = [...next.programmes];
  const notices: string[] = [];
  for (const programme of dropped) {
    const applications = counts.get(programme.key) ?? 0;
    const enrolled = pupils.get(programme.key) ?? 0;
    const branches = school.branches.filter((b) => b.seats?.[programme.key] !== undefined).map((b) => b.name);
    if (applications === 0 && enrolled === 0 && branches.length === 0) continue;
    const reasons = [
      ...(applications ? [plural(applications, 'application', 'applications')] : []),
      ...(enrolled ? [plural(enrolled, 'child', 'children')] : []),
      ...(branches.length ? [`seats at ${branches.join(' and ')}`] : []),
    ];
    if (programmes.length >= MAX_PROGRAMMES) {
      throw badRequest(`${programme.name} cannot be removed: it has ${reasons.join(' and ')}.`, {
        // Named as the Website editor's form names it (its draft is `{ content }`).
        fields: {
          'content.programmes': `${programme.name} has ${reasons.join(' and ')}, so it stays, hidden; with it there would be more than ${MAX_PROGRAMMES} programmes. Remove another programme first.`,
        },
      });
    }
    const at = previous.programmes.indexOf(programme);
    programmes.splice(Math.min(at, programmes.length), 0, { ...programme, hidden: true });
    notices.push(
      `${programme.name} has ${reasons.join(' and ')}, so it stays on the board, hidden from the admission form.` +
        (applications === 0 && enrolled === 0 ? ' Remove its seats in the school profile first to let it go.' : ''),
    );
  }
  return { content: { ...next, programmes }, notices };
}
