import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteVersions, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { Version, VersionSummary } from '../../../shared/schemas/site-sections.ts';

/*
 * The history of a public page section (`section:home`) or an own page (`page:12`): each publish
 * or restore keeps the published content it replaces, with who published it and when.
 */

/** Versions kept per section or page; a publish past this forgets the oldest. */
export const VERSIONS_KEPT = 50;

/** The subject of a section's kept versions in site_versions. */
export const sectionSubject = (key: string) => `section:${key}`;

/** What was published and is being replaced. */
export interface Replaced {
  content: unknown;
  publishedAt: Date | null;
  publishedBy: number | null;
}

/** Keeps `replaced` as the newest version of `subject` and forgets those past the last 50. Call inside the publish's transaction. */
export async function keepVersion(tx: Db, subject: string, replaced: Replaced): Promise<void> {
  await tx.insert(siteVersions).values({
    subject,
    content: replaced.content,
    publishedAt: replaced.publishedAt,
    publishedBy: replaced.publishedBy,
  });
  await tx.delete(siteVersions).where(
    and(
      eq(siteVersions.subject, subject),
      sql`${siteVersions.id} <= (select ${siteVersions.id} from ${siteVersions} where ${siteVersions.subject} = ${subject}
        order by ${siteVersions.id} desc offset ${VERSIONS_KEPT} limit 1)`,
    ),
  );
}

/** Forgets every kept version of `subject` (a deleted page). */
export async function forgetVersions(tx: Db, subject: string): Promise<void> {
  await tx.delete(siteVersions).where(eq(siteVersions.subject, subject));
}

const summaryColumns = {
  id: siteVersions.id,
  publishedAt: siteVersions.publishedAt,
  publishedBy: users.username,
  replacedAt: siteVersions.replacedAt,
};

const summaryOf = (row: { id: number; publishedAt: Date | null; publishedBy: string | null; replacedAt: Date }) => ({
  id: row.id,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  publishedBy: row.publishedBy,
  replacedAt: row.replacedAt.toISOString(),
});

/** The kept versions of `subject`, newest first (at most 50). */
export async function listVersions(db: Db, subject: string): Promise<VersionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(siteVersions)
    .leftJoin(users, eq(users.id, siteVersions.publishedBy))
    .where(eq(siteVersions.subject, subject))
    .orderBy(desc(siteVersions.id))
    .limit(VERSIONS_KEPT);
  return rows.map(summaryOf);
}

/** One kept version of `subject` with its content; 404 when it is not one of that subject's. */
export async function getVersion(db: Db, subject: string, id: number): Promise<Version> {
  const [row] = await db
    .select({ ...summaryColumns, content: siteVersions.content })
    .from(siteVersions)
    .leftJoin(users, eq(users.id, siteVersions.publishedBy))
    .where(and(eq(siteVersions.subject, subject), eq(siteVersions.id, id)));
  if (!row) throw notFound('The version');
  return { ...summaryOf(row), content: row.content };
}
