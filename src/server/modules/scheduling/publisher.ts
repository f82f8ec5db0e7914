import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { events, posts } from '../../db/schema/index.ts';
import { audit, type AuditRecord } from '../audit/audit.service.ts';
import { rowsOf } from '../backups/schema-history.ts';
import { startDueClock } from './due-clock.ts';

/** The longest wait before the next publish-at time is read again (a post or event written anywhere re-reads it at once). */
export const PUBLISHER_MAX_WAIT_MS = 5 * 60 * 1000;

/** Published more than this after its time (the server was not running then): the audit log says late. */
export const LATE_AFTER_MS = 60 * 1000;

const NOBODY = { userId: null, username: null, ip: null };

/** The next publish-at time of a scheduled post or event (possibly past: due now), null when none is scheduled. */
export async function nextPublishAt(db: Db): Promise<Date | null> {
  const [row] = await rowsOf<{ at: string | Date | null }>(
    db,
    sql`select least((select min(${posts.publishAt}) from ${posts} where ${posts.publishAt} is not null),
                     (select min(${events.publishAt}) from ${events} where ${events.publishAt} is not null)) as at`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** What an audit entry of a publish on schedule says: when it was due, and how late when it was. */
function onSchedule(dueAt: Date, now: Date): AuditRecord['details'] {
  const lateMs = now.getTime() - dueAt.getTime();
  return {
    scheduled: true,
    scheduledFor: dueAt.toISOString(),
    ...(lateMs > LATE_AFTER_MS ? { lateMinutes: Math.round(lateMs / 60_000) } : {}),
  };
}

export interface Published {
  posts: number;
  events: number;
}

/**
 * Publishes every post and event whose time has come. Each row is taken by one conditional UPDATE
 * (`publish_at <= now`, set to null by the same statement), so with several instances each is
 * published and audited exactly once: by the instance whose UPDATE returned it. The publish and
 * its audit entries commit together.
 */
export function publishDue(db: Db, now = new Date()): Promise<Published> {
  return db.transaction(async (tx) => ({ posts: await publishPosts(tx, now), events: await publishEvents(tx, now) }));
}

async function publishPosts(db: Db, now: Date): Promise<number> {
  const duePosts = await db
    .update(posts)
    .set({ status: 'published', publishedAt: sql`${posts.publishAt}`, publishAt: null })
    .where(and(isNotNull(posts.publishAt), lte(posts.publishAt, now), eq(posts.status, 'draft')))
    .returning({ id: posts.id, title: posts.title, dueAt: posts.publishedAt });
  // A post published by hand meanwhile keeps no schedule (a save clears it; this is for a write that did not).
  await db
    .update(posts)
    .set({ publishAt: null })
    .where(and(lte(posts.publishAt, now), eq(posts.status, 'published')));
  for (const post of duePosts) {
    const details = onSchedule(post.dueAt!, now);
    await audit(db, NOBODY, { action: 'publish', entity: 'post', entityId: post.id, title: post.title, details });
  }
  return duePosts.length;
}

async function publishEvents(db: Db, now: Date): Promise<number> {
  // The row's time as it was before this UPDATE cleared it (RETURNING gives the new row).
  const dueEvents = await rowsOf<{ id: number; title: string; series_id: number | null; due_at: string | Date }>(
    db,
    sql`update ${events} e set published = true, publish_at = null, updated_at = ${now}
        from (select id, publish_at from ${events} where publish_at <= ${now}) due
        where e.id = due.id and e.publish_at is not null and e.publish_at <= ${now}
        returning e.id, e.title, e.series_id, due.publish_at as due_at`,
  );
  // A series' occurrences are published together: one entry for the series, not one per date.
  const bySeries = new Map<string, typeof dueEvents>();
  for (const row of dueEvents) {
    const key = row.series_id === null ? `event ${row.id}` : `series ${row.series_id}`;
    bySeries.set(key, [...(bySeries.get(key) ?? []), row]);
  }
  for (const rows of bySeries.values()) {
    const first = rows.reduce((a, b) => (a.id < b.id ? a : b));
    const details = { ...onSchedule(new Date(first.due_at), now), ...(rows.length > 1 ? { occurrences: rows.length } : {}) };
    await audit(db, NOBODY, { action: 'publish', entity: 'event', entityId: first.id, title: first.title, details });
  }
  return dueEvents.length;
}

/**
 * Scheduled posts and events are published by the server at their time, with no visitor needed
 * (issue 34): at start everything due is published (late, when the server was down then), then a
 * timer waits for the next publish-at time (due-clock.ts). The instance that published announces
 * it on site-changes, which empties every instance's page cache.
 */
export function startPublisher(app: FastifyInstance) {
  startDueClock(app, {
    name: 'scheduled publishing',
    next: () => nextPublishAt(app.db),
    due: async () => {
      const done = await publishDue(app.db);
      if (done.posts) app.siteChanges.publish('/api/posts');
      if (done.events) app.siteChanges.publish('/api/events');
      if (done.posts || done.events) app.log.info(done, 'published on schedule');
    },
    hears: (what) => what.startsWith('/api/posts') || what.startsWith('/api/events'),
    maxWaitMs: PUBLISHER_MAX_WAIT_MS,
  });
}
