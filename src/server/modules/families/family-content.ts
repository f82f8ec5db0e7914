import { and, asc, count, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ContentAudience } from '../../../shared/schemas/audience.ts';
import type { Db } from '../../db/client.ts';
import { events, posts } from '../../db/schema/index.ts';
import { endsAt, PUBLIC_EVENT } from '../events/events.service.ts';
import { calendarContent } from '../feeds/calendar-content.ts';
import type { CalendarContent } from '../feeds/feeds.service.ts';
import { sanitizePostHtml } from '../posts/sanitize.ts';

/**
 * The posts and events a signed-in family reads (issue 32, decision 25): those for all families,
 * for the branch of one of its children, or for a child's programme at that child's branch.
 */

/** A child's group: its branch (none at a school that lists no branches) and programme key. */
export type FamilyGroup = { branch: string | null; programme: string };

type AudienceColumns = { audience: AnyColumn; audienceBranch: AnyColumn; audienceProgramme: AnyColumn };

/** The rows for the families of `groups`: all families', a group's branch's, a group's programme's at its branch. */
export function forFamiliesOf(t: AudienceColumns, groups: FamilyGroup[]): SQL {
  const branches = [...new Set(groups.flatMap((g) => (g.branch ? [g.branch] : [])))];
  const programmes = [...new Map(groups.map((g) => [`${g.branch ?? ''}\n${g.programme}`, g])).values()];
  return or(
    eq(t.audience, 'families'),
    branches.length ? and(eq(t.audience, 'branch'), inArray(t.audienceBranch, branches)) : undefined,
    ...programmes.map((g) =>
      and(
        eq(t.audience, 'programme'),
        eq(t.audienceProgramme, g.programme),
        g.branch === null ? isNull(t.audienceBranch) : eq(t.audienceBranch, g.branch),
      ),
    ),
  )!;
}

const publishedForFamilies = (groups: FamilyGroup[]) => and(eq(posts.status, 'published'), forFamiliesOf(posts, groups));

/** The events a family sees: the public ones and those for its groups, once published (issue 34: not while scheduled). */
const eventsForFamilies = (groups: FamilyGroup[]) =>
  and(eq(events.published, true), or(PUBLIC_EVENT, forFamiliesOf(events, groups)));

export interface FamilyPostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  /** ISO 8601. */
  publishedAt: string | null;
  coverImage: string | null;
}
export type FamilyPost = FamilyPostSummary & { content: string };

const summaryColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  publishedAt: posts.publishedAt,
  coverImage: posts.coverImage,
};
const toSummary = (row: { publishedAt: Date | null } & Omit<FamilyPostSummary, 'publishedAt'>): FamilyPostSummary => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  coverImage: row.coverImage,
});

/** The published posts for the families of `groups` (not the public ones), newest first, and how many there are. */
export async function familyPosts(
  db: Db,
  groups: FamilyGroup[],
  page: { limit: number; offset: number },
): Promise<{ items: FamilyPostSummary[]; total: number }> {
  const where = publishedForFamilies(groups);
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(posts)
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { items: rows.map(toSummary), total: counted?.n ?? 0 };
}

/** One post for the families of `groups`, by its slug, with its sanitised body; null when it is not theirs. */
export async function familyPost(db: Db, groups: FamilyGroup[], slug: string): Promise<FamilyPost | null> {
  const [row] = await db
    .select({ ...summaryColumns, content: posts.content })
    .from(posts)
    .where(and(eq(posts.slug, slug.toLowerCase()), publishedForFamilies(groups)));
  return row ? { ...toSummary(row), content: sanitizePostHtml(row.content) } : null;
}

export interface FamilyEvent {
  id: number;
  title: string;
  slug: string | null;
  /** ISO 8601. */
  startDate: string;
  endDate: string | null;
  location: string;
  description: string;
  audience: ContentAudience;
}

/**
 * The family calendar: events not over at `from`, soonest first, both the public ones and those
 * for the families of `groups`. As on the public site, every status is shown (the dates move it).
 */
export async function familyEvents(db: Db, groups: FamilyGroup[], window: { from: Date; limit: number }): Promise<FamilyEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      slug: events.slug,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
      description: events.description,
      audience: events.audience,
    })
    .from(events)
    .where(and(eventsForFamilies(groups), sql`${endsAt} >= ${window.from.toISOString()}::timestamptz`))
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(window.limit);
  return rows.map((r) => ({
    ...r,
    startDate: r.startDate.toISOString(),
    endDate: r.endDate?.toISOString() ?? null,
  }));
}

/**
 * The private calendar feed (issue 34: read as /events.ics is, each repeating event once): the
 * school year around `now`, the public events and those for the families of `groups`, and the
 * term dates of the school and of the groups' branches.
 */
export function familyCalendarEvents(db: Db, groups: FamilyGroup[], now = Date.now()): Promise<CalendarContent> {
  const dateBranches = [...new Set(groups.flatMap((g) => (g.branch ? [g.branch] : [])))];
  return calendarContent(db, { shown: eventsForFamilies(groups)!, dateBranches, now });
}
