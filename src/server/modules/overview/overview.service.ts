import { count, desc, eq, gte } from 'drizzle-orm';
import type { PermissionMap } from '../../../shared/permissions.ts';
import type { Overview } from '../../../shared/schemas/overview.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, enquiries, events, galleries, posts } from '../../db/schema/index.ts';
import { withSummaries } from '../audit/audit.service.ts';
import { getSchedule, listBackups } from '../backups/schedule.service.ts';

const LATEST = 5;
const ACTIVITY = 6;

/**
 * The enquiries nobody has handled yet (the sidebar's count), by kind, and the newest five: one
 * grouped count and one short list on the status index (new ones stay few however old the school).
 */
async function enquiriesPart(db: Db): Promise<Overview['enquiries']> {
  const isNew = eq(enquiries.status, 'new');
  const [counts, latest] = await Promise.all([
    db.select({ type: enquiries.type, n: count() }).from(enquiries).where(isNew).groupBy(enquiries.type),
    db
      .select({ id: enquiries.id, type: enquiries.type, name: enquiries.name, createdAt: enquiries.createdAt })
      .from(enquiries)
      .where(isNew)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(LATEST),
  ]);
  return {
    newMessages: counts.find((c) => c.type === 'contact')?.n ?? 0,
    newAdmissions: counts.find((c) => c.type === 'admission')?.n ?? 0,
    latest: latest.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

/** The next events not yet started, read from the start index. */
async function eventsPart(db: Db, now: Date): Promise<Overview['events']> {
  const rows = await db
    .select({ id: events.id, title: events.title, startDate: events.startDate, location: events.location })
    .from(events)
    .where(gte(events.startDate, now))
    .orderBy(events.startDate, events.id)
    .limit(LATEST);
  return { next: rows.map(({ startDate, ...e }) => ({ ...e, start_date: startDate.toISOString() })) };
}

async function postDrafts(db: Db) {
  const draft = eq(posts.status, 'draft');
  const [[total], latest] = await Promise.all([
    db.select({ n: count() }).from(posts).where(draft),
    db
      .select({ id: posts.id, title: posts.title, updatedAt: posts.updatedAt })
      .from(posts)
      .where(draft)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(LATEST),
  ]);
  return { count: total?.n ?? 0, latest: latest.map((p) => ({ ...p, updatedAt: p.updatedAt.toISOString() })) };
}

async function galleryDrafts(db: Db) {
  const hidden = eq(galleries.published, false);
  const [[total], latest] = await Promise.all([
    db.select({ n: count() }).from(galleries).where(hidden),
    db
      .select({ id: galleries.id, title: galleries.title, updatedAt: galleries.updatedAt })
      .from(galleries)
      .where(hidden)
      .orderBy(desc(galleries.createdAt), desc(galleries.id))
      .limit(LATEST),
  ]);
  return { count: total?.n ?? 0, latest: latest.map((g) => ({ ...g, updatedAt: g.updatedAt.toISOString() })) };
}

async function activityPart(db: Db, familyNames: boolean): Promise<Overview['activity']> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(ACTIVITY);
  return withSummaries(db, rows, { familyNames });
}

/**
 * The overview for one member of staff: only the parts their permissions let them read, each a
 * few rows read by an index (counts over the new enquiries and the drafts, which stay few however
 * many years of content the school has), all at once.
 */
export async function overviewFor(
  db: Db,
  permissions: PermissionMap,
  isAdmin: boolean,
  dataDir: string,
  now = new Date(),
): Promise<Overview> {
  const can = (module: keyof PermissionMap) => permissions[module].read;
  const [enquiriesData, eventsData, posts, galleries, backup, activity] = await Promise.all([
    can('leads') ? enquiriesPart(db) : undefined,
    can('events') ? eventsPart(db, now) : undefined,
    can('blog') ? postDrafts(db) : undefined,
    can('gallery') ? galleryDrafts(db) : undefined,
    isAdmin && can('settings')
      ? Promise.all([listBackups(dataDir), getSchedule(db)]).then(([list, schedule]) => ({
          last: list[0] ?? null,
          dailyOn: schedule.enabled,
          stale: !list[0] || now.getTime() - new Date(list[0].createdAt).getTime() > 2 * 86_400_000,
        }))
      : undefined,
    can('users') ? activityPart(db, can('families')) : undefined,
  ]);
  const overview: Overview = {};
  if (enquiriesData) overview.enquiries = enquiriesData;
  if (eventsData) overview.events = eventsData;
  if (posts || galleries) overview.drafts = { ...(posts && { posts }), ...(galleries && { galleries }) };
  if (backup) overview.backup = backup;
  if (activity) overview.activity = activity;
  return overview;
}
