import { and, eq, lt, ne, notExists, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enquiries, enquiryTallies, enquiryTimeline } from '../../db/schema/index.ts';
import { audit } from '../audit/audit.service.ts';

const MONTH_MS = 30.44 * 24 * 60 * 60 * 1000;

/**
 * Retention of enquiries (children's data is personal data): an enquiry nothing happened to for
 * `months` (no stage change, note or reply) goes, declined and never-answered ones alike; an
 * enrolled child's stays. What is left are counts per month of submission, type and outcome.
 */
export async function pruneEnquiries(db: Db, months: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - months * MONTH_MS);
  const stale = and(
    lt(enquiries.stageChangedAt, cutoff),
    lt(enquiries.createdAt, cutoff),
    or(isNull(enquiries.stage), ne(enquiries.stage, 'enrolled')),
    notExists(
      db
        .select({ one: sql`1` })
        .from(enquiryTimeline)
        .where(and(eq(enquiryTimeline.enquiryId, enquiries.id), sql`${enquiryTimeline.createdAt} >= ${cutoff}`)),
    ),
  );
  const removed = await db.transaction(async (tx) => {
    const month = sql<string>`to_char(${enquiries.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const outcome = sql<string>`coalesce(${enquiries.stage}, ${enquiries.status})`;
    const groups = await tx
      .select({ month, type: enquiries.type, outcome, n: sql<number>`count(*)`.mapWith(Number) })
      .from(enquiries)
      .where(stale)
      .groupBy(month, enquiries.type, outcome);
    for (const g of groups) {
      await tx
        .insert(enquiryTallies)
        .values({ month: g.month, type: g.type, outcome: g.outcome, count: g.n })
        .onConflictDoUpdate({
          target: [enquiryTallies.month, enquiryTallies.type, enquiryTallies.outcome],
          set: { count: sql`${enquiryTallies.count} + ${g.n}` },
        });
    }
    const deleted = await tx.delete(enquiries).where(stale).returning({ id: enquiries.id });
    return deleted.length;
  });
  if (removed > 0) {
    await audit(
      db,
      { userId: null, username: null, ip: null },
      {
        action: 'delete',
        entity: 'enquiry',
        title: `Retention: ${removed} enquiries older than ${months} months`,
        details: { count: removed, months },
      },
    );
  }
  return removed;
}

/** What retention left behind, newest month first. */
export const enquiryTallyRows = (db: Db) =>
  db
    .select()
    .from(enquiryTallies)
    .orderBy(sql`${enquiryTallies.month} desc`);
