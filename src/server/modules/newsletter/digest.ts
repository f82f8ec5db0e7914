import { and, asc, eq, gt, gte, lt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromDatetimeLocal, toDatetimeLocal } from '../../../shared/dates.ts';
import {
  DEFAULT_DIGEST_SETTINGS,
  DigestSettingsSchema,
  type DigestSettings,
  type DigestStatus,
} from '../../../shared/schemas/newsletter.ts';
import type { Db } from '../../db/client.ts';
import { runOnOneInstance } from '../../db/exclusive.ts';
import { events, posts, settings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { claimSlot, lastSlot } from '../backups/schedule.service.ts';
import { PUBLIC_EVENT } from '../events/events.service.ts';
import { startMailing } from '../mailings/mailings.service.ts';
import { PUBLIC_POST } from '../posts/posts.service.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { digestMailing } from './newsletter-mail.ts';
import { subscribersChoosing } from './newsletter.service.ts';

/*
 * The weekly digest (issue 33): on the day and at the hour the school chose (its own clock), the
 * public posts published since the last digest and the public events of the coming fortnight go to
 * the subscribers of news or events, once per week (`digest:<date>`); nothing new, nothing sent.
 */

export const DIGEST_KEY = 'newsletter_digest';
/** The last weekly hour that was looked at, sent or not: `{slot}` (ISO), claimed as backups claim theirs. */
export const DIGEST_LAST_KEY = 'newsletter_digest_last';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest whose hour passed longer ago than this (the server was off) waits for next week. */
const LATE_MS = 12 * 60 * 60 * 1000;
const MAX_POSTS = 20;
const MAX_EVENTS = 30;

interface StoredDigest extends DigestSettings {
  /** The site's address when staff saved (links of a job that has no request); PUBLIC_URL wins. */
  siteOrigin: string | null;
}

async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function getDigestSettings(db: Db): Promise<StoredDigest> {
  const raw = (await readSetting(db, DIGEST_KEY)) as { siteOrigin?: unknown } | undefined;
  const parsed = DigestSettingsSchema.safeParse(raw);
  const siteOrigin = typeof raw?.siteOrigin === 'string' ? raw.siteOrigin : null;
  return { ...(parsed.success ? parsed.data : DEFAULT_DIGEST_SETTINGS), siteOrigin };
}

const lastDigestAt = async (db: Db) => {
  const slot = ((await readSetting(db, DIGEST_LAST_KEY)) as { slot?: unknown } | undefined)?.slot;
  return typeof slot === 'string' ? new Date(slot) : null;
};

/** The day of the week (0 Sunday) that the school's clock shows at `at`. */
const weekdayOf = (at: Date, timeZone: string) => new Date(`${toDatetimeLocal(at, timeZone).slice(0, 10)}T12:00:00Z`).getUTCDay();

/** The latest moment at or before `now` when the school's clock read the day and hour. */
export function weeklySlot(now: Date, s: Pick<DigestSettings, 'weekday' | 'hour'>, timeZone: string): Date {
  let slot = lastSlot(now, s.hour, timeZone);
  for (let i = 0; i < 7 && weekdayOf(slot, timeZone) !== s.weekday; i++)
    slot = lastSlot(new Date(slot.getTime() - 1), s.hour, timeZone);
  return slot;
}

/** The next such moment after `now`. */
export function nextWeeklySlot(now: Date, s: Pick<DigestSettings, 'weekday' | 'hour'>, timeZone: string): Date {
  const last = weeklySlot(now, s, timeZone);
  // A week later on the school's clock (across a DST change too).
  const day = toDatetimeLocal(new Date(last.getTime() + 7 * DAY_MS + 2 * 60 * 60 * 1000), timeZone).slice(0, 10);
  return new Date(fromDatetimeLocal(`${day}T${String(s.hour).padStart(2, '0')}:00`, timeZone));
}

export async function digestStatus(db: Db, now = new Date()): Promise<DigestStatus> {
  const { siteOrigin: _, ...stored } = await getDigestSettings(db);
  const timeZone = (await getSchoolProfile(db)).timezone;
  const last = await lastDigestAt(db);
  return {
    ...stored,
    nextAt: stored.enabled ? nextWeeklySlot(now, stored, timeZone).toISOString() : null,
    lastAt: last?.toISOString() ?? null,
  };
}

/** Saves the settings; this week's hour, if it has passed, is not owed (the first digest is the next one). */
export async function saveDigestSettings(db: Db, value: DigestSettings, siteOrigin: string, now = new Date()) {
  const stored = { ...DigestSettingsSchema.parse(value), siteOrigin };
  const timeZone = (await getSchoolProfile(db)).timezone;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx
      .insert(settings)
      .values({ key: DIGEST_KEY, value: stored })
      .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: now } });
    if (stored.enabled) await claimSlot(tx, weeklySlot(now, stored, timeZone), DIGEST_LAST_KEY);
  });
  return digestStatus(db, now);
}

export type DigestOutcome =
  | { sent: false; reason: 'off' | 'done' | 'late' | 'nothing-new' | 'no-address' }
  | { sent: true; mailings: number[]; recipients: number };

/** Makes this week's digest when its hour has come and it was not made; see DigestOutcome for why not. */
export async function makeDigest(app: FastifyInstance, now = new Date()): Promise<DigestOutcome> {
  const db = app.db;
  const stored = await getDigestSettings(db);
  if (!stored.enabled) return { sent: false, reason: 'off' };
  const school = await getSchoolProfile(db);
  const slot = weeklySlot(now, stored, school.timezone);
  const previous = await lastDigestAt(db);
  if (previous && previous >= slot) return { sent: false, reason: 'done' };
  const sourceKey = `digest:${toDatetimeLocal(slot, school.timezone).slice(0, 10)}`;
  const done = async <T extends DigestOutcome>(outcome: T) => (await claimSlot(db, slot, DIGEST_LAST_KEY), outcome);
  if (now.getTime() - slot.getTime() > LATE_MS) return done({ sent: false, reason: 'late' });

  const since = previous ?? new Date(slot.getTime() - 7 * DAY_MS);
  const [newPosts, coming] = await Promise.all([
    db
      .select({
        title: posts.title,
        slug: posts.slug,
        excerpt: posts.excerpt,
        coverImage: posts.coverImage,
        publishedAt: posts.publishedAt,
      })
      .from(posts)
      .where(and(PUBLIC_POST, gt(posts.publishedAt, since), lte(posts.publishedAt, now)))
      .orderBy(asc(posts.publishedAt), asc(posts.id))
      .limit(MAX_POSTS),
    db
      .select({
        id: events.id,
        title: events.title,
        slug: events.slug,
        startDate: events.startDate,
        location: events.location,
        createdAt: events.createdAt,
      })
      .from(events)
      .where(and(PUBLIC_EVENT, gte(events.startDate, now), lt(events.startDate, new Date(now.getTime() + 14 * DAY_MS))))
      .orderBy(asc(events.startDate), asc(events.id))
      .limit(MAX_EVENTS),
  ]);
  // An event is news when the last digest did not show it: added since, or beyond that digest's fortnight.
  const shownUntil = new Date(since.getTime() + 14 * DAY_MS);
  const newEvent = coming.some((e) => e.createdAt > since || e.startDate >= shownUntil);
  if (!newPosts.length && !newEvent) return done({ sent: false, reason: 'nothing-new' });
  const siteOrigin = app.siteAddress.configured() ?? stored.siteOrigin;
  if (!siteOrigin) return done({ sent: false, reason: 'no-address' });

  // One message per choice of topics: a subscriber to events alone gets no posts, and the reverse.
  const groups = [
    { key: 'news-events', topics: ['news', 'events'], posts: newPosts, events: coming, due: newPosts.length > 0 || newEvent },
    { key: 'news', topics: ['news'], posts: newPosts, events: [], due: newPosts.length > 0 },
    { key: 'events', topics: ['events'], posts: [], events: coming, due: newEvent },
  ] as const;
  const started: { id: number; recipients: number }[] = [];
  for (const group of groups.filter((g) => g.due)) {
    const body = digestMailing(school, siteOrigin, slot, [...group.posts], [...group.events]);
    try {
      started.push(
        await startMailing(
          app,
          {
            kind: 'digest',
            sourceKey: `${sourceKey}:${group.key}`,
            ...body,
            operational: false,
            audienceLabel: `Subscribers to ${group.topics.join(' and ')}${group.topics.length === 1 ? ' only' : ''}`,
            siteOrigin,
            createdBy: null,
          },
          subscribersChoosing(group.topics),
        ),
      );
    } catch (error) {
      // Made by an earlier look that stopped half way: the others are still made.
      if (!(error instanceof AppError && error.code === 'MAILING_EXISTS')) throw error; // not claimed: tried again later
    }
  }
  if (!started.length) return done({ sent: false, reason: 'done' });
  return done({
    sent: true,
    mailings: started.map((m) => m.id),
    recipients: started.reduce((sum, m) => sum + m.recipients, 0),
  });
}

/** The digest as the server runs it (every few minutes): on one instance. */
export const runDigest = (app: FastifyInstance, now = new Date()) =>
  runOnOneInstance(app.database, 'newsletter-digest', () => makeDigest(app, now));
