import { and, asc, count, desc, eq, getTableColumns, gt, gte, lt, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type {
  EventListOptions as EventListQuery,
  EventListPage,
  EventSchema,
  EventStatus,
  EventValues,
} from '../../../shared/schemas/event.ts';
import { slugify } from '../../../shared/schemas/post.ts';
import { effectiveStatus } from '../../../shared/event-status.ts';
import type { Db } from '../../db/client.ts';
import {
  countRows,
  keepNothing,
  matchesQuery,
  orderSql,
  pageByIds,
  pageFromNearerEnd,
  readInChunks,
  searchQuery,
  type KeepUntilWrite,
  type OrderTerm,
} from '../../db/lists.ts';
import { preparedPerDb, preparedPerShape } from '../../db/prepared.ts';
import { categories, categorySearch, eventSearch, events, galleries, media } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { uniqueOr } from '../media/params.ts';
import { audienceOf, checkAudience } from '../families/audience.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { futurePublishAt } from '../scheduling/publish-at.ts';
import { seriesInfo } from './series.service.ts';
import type { z } from 'zod';

export type EventDto = z.infer<typeof EventSchema>;

export interface EventListOptions {
  limit?: number;
  offset?: number;
  status?: EventStatus;
}

/**
 * What the public (and callers without events: read) see: published events for everyone (issue 32:
 * an event for families, a branch or a programme is shown only in the family area; issue 34: a
 * scheduled one only once the publisher has published it).
 */
export const PUBLIC_EVENT = and(eq(events.audience, 'everyone'), eq(events.published, true))!;

/** When an event is over: its end, else its start (events_ends_at_idx). */
export const endsAt = sql`coalesce(${events.endDate}, ${events.startDate})`;

/**
 * The one events order (every list and the home page): events not yet over, soonest start first,
 * then past ones, most recently ended first. Keys on `events_ends_at_idx`.
 */
const EVENTS_ORDER = [
  sql`(${endsAt} >= now()) desc`,
  sql`case when ${endsAt} >= now() then ${events.startDate} end asc`,
  sql`${endsAt} desc`,
  asc(events.id),
];

export function selectEvents(db: Db) {
  return db
    .select({
      ...getTableColumns(events),
      category: categories.name,
      coverWidth: media.width,
      coverHeight: media.height,
      coverVariants: media.variants,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(media, eq(media.url, events.coverImage));
}

export type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

export function toDto(row: EventRow): EventDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    cover_image: row.coverImage,
    cover_meta:
      row.coverImage && row.coverWidth != null
        ? { url: row.coverImage, width: row.coverWidth, height: row.coverHeight!, variants: row.coverVariants ?? [] }
        : null,
    category: row.category,
    location: row.location,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate?.toISOString() ?? null,
    // Follows the clock: an event that has ended is never "upcoming" (issue 31, shared/event-status.ts).
    status: effectiveStatus(row.status, row.startDate, row.endDate),
    gallery_id: row.galleryId,
    audience: row.audience,
    audienceBranch: row.audienceBranch,
    audienceProgramme: row.audienceProgramme,
    branch: row.branch,
    published: row.published,
    publishAt: row.publishAt?.toISOString() ?? null,
    seriesId: row.seriesId,
    occurrenceStart: row.occurrenceStart,
    detached: row.detached,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/*
 * The same order in two index-friendly halves, so a page of a long history reads a few rows
 * instead of sorting every event: not yet over (events_start_idx, soonest start first), then over
 * (events_ends_at_idx backwards, most recently ended first). Sorting 1,000 matches by
 * EVENTS_ORDER's expressions instead cost PGlite 19-37 ms, while every other statement waited.
 *
 * An event not yet over started at most one longest-event-length ago (the longest read from
 * events_length_idx): that bound lets the start-date index begin near today instead of reading
 * every past event first (2,000 events, 1,400 of them past: 1,419 buffer reads for a page of 13).
 */
const stillOnStartedAfter = sql`now() - (select max(coalesce(e.end_date, e.start_date) - e.start_date) from events e)`;
/**
 * Not yet over, among the events `where` matches, of the `audience` (all: none). The start-date
 * bound only for the whole list (of an audience: nearly every event is for everyone): with
 * a filter the planner, guessing one row, joined the categories once per match (a search matching
 * 1,000 events: 1.0 ms instead of 0.4 ms on PGlite). Measured again with the generic plan the
 * server runs (`city`, matching half of 2,000 events): 1.4-1.9 ms without the bound, 2.8-4.7 ms
 * with it. With the search's words written into the statement, the bound looked the faster.
 */
export const notOver = (where: SQL | undefined, audience?: SQL) =>
  and(
    audience,
    where
      ? and(where, sql`${endsAt} >= now()`)
      : and(sql`${endsAt} >= now()`, sql`${events.startDate} >= ${stillOnStartedAfter}`),
  );
const UPCOMING_ORDER: OrderTerm[] = [
  [events.startDate, 'asc'],
  [endsAt, 'desc'],
  [events.id, 'asc'],
];
const PAST_ORDER: OrderTerm[] = [
  [endsAt, 'desc'],
  [events.id, 'asc'],
];

/**
 * What a list's events match: a status, a search (its to_tsquery text and the categories it
 * matches), and whether only public events (PUBLIC_EVENT) are listed.
 */
interface EventFilter {
  status?: EventStatus;
  search?: { query: string; categoryIds: number[] };
  publicOnly: boolean;
}
const audienceWhere = (filter: EventFilter) => (filter.publicOnly ? PUBLIC_EVENT : undefined);

/** A value as itself, or as the placeholder of a prepared statement's value of that name. */
type Bind = (name: string, value: string) => string | Placeholder;
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** The filter's values, by the names `eventsWhere` gives their placeholders. */
const filterValues = ({ search }: EventFilter) => ({
  q: search?.query,
  categoryIds: search && `{${search.categoryIds.join(',')}}`,
});

/** The shape of a filter: which parts it has, not their values but the status's (in the statement), for preparedPerShape. */
const filterShape = ({ status, search, publicOnly }: EventFilter) =>
  `${status ?? ''}${search ? 'q' : ''}${search?.categoryIds.length ? 'c' : ''}${publicOnly ? 'p' : ''}`;

/**
 * The events whose status, as shown (shared/event-status.ts), is `status`: the stored status is a
 * floor the dates move along. Each a condition on the end (events_ends_at_idx) first.
 */
function hasStatus(status: EventStatus): SQL {
  switch (status) {
    case 'completed':
      return sql`(${endsAt} < now() or ${events.status} = 'completed')`;
    case 'ongoing':
      return sql`(${endsAt} >= now() and ${events.status} <> 'completed' and (${events.status} = 'ongoing' or ${events.startDate} <= now()))`;
    case 'upcoming':
      return sql`(${endsAt} >= now() and ${events.startDate} > now() and ${events.status} = 'upcoming')`;
  }
}

/** §2: the search matches the title, the location or the category's name. */
function eventsWhere(filter: EventFilter, bind: Bind): SQL | undefined {
  const { search } = filter;
  const inText = search && matchesQuery(eventSearch(events), bind('q', search.query));
  const inCategory =
    search?.categoryIds.length &&
    sql`${events.categoryId} = any(${bind('categoryIds', filterValues(filter).categoryIds!)}::int[])`;
  return and(filter.status ? hasStatus(filter.status) : undefined, inCategory ? or(inText, inCategory) : inText);
}

const eventPages = preparedPerShape();

/**
 * A page of EVENTS_ORDER among the events `filter` matches: the upcoming half, then as many past
 * events as the page has room for; with the `total` matching, read from the nearer end (the last
 * page of 1,400 completed events from the end: the past half backwards).
 */
async function pageOfSchedule(
  db: Db,
  filter: EventFilter,
  options: { limit: number; offset: number; total?: number },
): Promise<EventRow[]> {
  const half = (over: boolean) => (limit: number, offset: number, reversed: boolean) => {
    const shape = `schedule:${filterShape(filter)}:${over}:${reversed}:${offset === 0}`;
    const statement = eventPages(db, shape, (name) => {
      const where = eventsWhere(filter, asPlaceholder);
      const inHalf = over ? and(where, audienceWhere(filter), sql`${endsAt} < now()`) : notOver(where, audienceWhere(filter));
      const order = orderSql(over ? PAST_ORDER : UPCOMING_ORDER, reversed);
      const page = {
        where: inHalf,
        order,
        limit: sql.placeholder('limit'),
        offset: offset === 0 ? 0 : sql.placeholder('offset'),
      };
      // The skipped events are walked without their category and cover.
      return pageByIds(db, events, page, (found) =>
        selectEvents(db)
          .where(found)
          .orderBy(...order)
          .limit(page.limit),
      ).prepare(name);
    });
    return statement.execute({ ...filterValues(filter), limit, offset });
  };
  return pageFromNearerEnd(options.total, options.limit, options.offset, async (limit, offset, reversed) => {
    const [first, second] = reversed ? [half(true), half(false)] : [half(false), half(true)];
    const rows = await first(limit, offset, reversed);
    if (rows.length === limit) return rows;
    // The first half ends on this page, or before it: then how many rows it has tells where the second half starts.
    let skip = 0;
    if (rows.length === 0 && offset > 0) {
      const upcoming =
        (
          await db
            .select({ n: count() })
            .from(events)
            .where(notOver(eventsWhere(filter, asValue), audienceWhere(filter)))
        )[0]?.n ?? 0;
      skip = Math.max(0, offset - (reversed ? options.total! - upcoming : upcoming));
    }
    return [...rows, ...(await second(limit - rows.length, skip, reversed))];
  });
}

/** The public events (the home page's), in the one events order. */
export async function listEvents(db: Db, options: EventListOptions = {}): Promise<EventDto[]> {
  if (options.limit !== undefined) {
    const page = { limit: options.limit, offset: options.offset ?? 0 };
    return (await pageOfSchedule(db, { status: options.status, publicOnly: true }, page)).map(toDto);
  }
  const rows = await selectEvents(db)
    .where(and(PUBLIC_EVENT, options.status ? hasStatus(options.status) : undefined))
    .orderBy(...EVENTS_ORDER);
  return rows.map(toDto);
}

/** Every public event's address and last change (the sitemap), in id order: no sort, no join. */
export async function eventLinks(db: Db): Promise<Pick<EventDto, 'id' | 'slug' | 'updated_at'>[]> {
  const rows = await readInChunks((afterId, size) =>
    db
      .select({ id: events.id, slug: events.slug, updatedAt: events.updatedAt })
      .from(events)
      .where(and(PUBLIC_EVENT, gt(events.id, afterId)))
      .orderBy(asc(events.id))
      .limit(size),
  );
  return rows.map((r) => ({ id: r.id, slug: r.slug, updated_at: r.updatedAt.toISOString() }));
}

/**
 * Public events starting in [from, before), soonest first (or latest first), at most `limit`: a
 * window of a long history read through events_start_idx, not the whole table.
 */
export async function eventsStartingBetween(
  db: Db,
  window: { from: Date; before: Date; limit: number; offset?: number; latestFirst?: boolean },
): Promise<EventDto[]> {
  const rows = await selectEvents(db)
    .where(and(PUBLIC_EVENT, gte(events.startDate, window.from), lt(events.startDate, window.before)))
    .orderBy(window.latestFirst ? desc(events.startDate) : asc(events.startDate), asc(events.id))
    .limit(window.limit)
    .offset(window.offset ?? 0);
  return rows.map(toDto);
}

const EVENT_ORDERS: Record<Exclude<EventListQuery['sort'], 'schedule'>, OrderTerm[]> = {
  'start-desc': [
    [events.startDate, 'desc'],
    [events.id, 'desc'],
  ],
  'start-asc': [
    [events.startDate, 'asc'],
    [events.id, 'asc'],
  ],
  title: [
    [sql`lower(${events.title})`, 'asc'],
    [events.id, 'asc'],
  ],
};

/**
 * The search of a list, if it has one: its to_tsquery text and the few categories it matches, read
 * first: their ids let the planner join both indexes (a subquery made it read every event).
 */
async function eventSearchFor(db: Db, q: string | undefined, keep: KeepUntilWrite): Promise<EventFilter['search']> {
  const query = searchQuery(q);
  if (query === undefined) return undefined;
  const categoryIds = await keep(`events:categories:${q}`, async () =>
    (
      await db
        .select({ id: categories.id })
        .from(categories)
        .where(matchesQuery(categorySearch(categories), query))
    ).map((c) => c.id),
  );
  return { query, categoryIds };
}

/**
 * GET /api/events: one page in the chosen order, filtered by status and searched in the
 * database, the number matching, and the four counters from one count query. Events for
 * families only with `allAudiences` (staff with events: read).
 */
export async function listEventsPage(
  db: Db,
  options: EventListQuery & { allAudiences: boolean },
  keep: KeepUntilWrite = keepNothing,
): Promise<EventListPage> {
  const publicOnly = !options.allAudiences;
  const filter: EventFilter = { status: options.status, search: await eventSearchFor(db, options.q, keep), publicOnly };
  const audience = audienceWhere(filter);
  const who = publicOnly ? 'public' : 'all';
  // The statuses follow the clock: counted again each minute, as well as after a write.
  const minute = Math.floor(Date.now() / 60_000);
  const counts = await keep(`events:counts:${who}:${minute}`, async () => {
    const n = (status: EventStatus) => sql<number>`count(*) filter (where ${hasStatus(status)})`.mapWith(Number);
    const [row] = await db
      .select({ total: count(), upcoming: n('upcoming'), ongoing: n('ongoing'), completed: n('completed') })
      .from(events)
      .where(audience);
    return row ?? { total: 0, upcoming: 0, ongoing: 0, completed: 0 };
  });
  const total = filter.search
    ? await keep(
        `events:${who}:${options.status ? `${options.status}:${minute}` : ''}:${options.q}`,
        async () =>
          (
            await db
              .select({ n: countRows() })
              .from(events)
              .where(and(eventsWhere(filter, asValue), audience))
          )[0]?.n ?? 0,
      )
    : options.status
      ? counts[options.status]
      : counts.total;
  const { limit, offset, sort } = options;
  const rows =
    sort === 'schedule'
      ? await pageOfSchedule(db, filter, { limit, offset, total })
      : await pageFromNearerEnd(total, limit, offset, (n, skip, reversed) =>
          eventPages(db, `${sort}:${filterShape(filter)}:${reversed}`, (name) =>
            selectEvents(db)
              .where(and(eventsWhere(filter, asPlaceholder), audience))
              .orderBy(...orderSql(EVENT_ORDERS[sort], reversed))
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset'))
              .prepare(name),
          ).execute({ ...filterValues(filter), limit: n, offset: skip }),
        );
  return { data: rows.map(toDto), total, limit, offset, counts };
}

const byId = (audience: SQL | undefined, name: string) =>
  preparedPerDb((db) =>
    selectEvents(db)
      .where(and(eq(events.id, sql.placeholder('id')), audience))
      .prepare(name),
  );
const bySlug = (audience: SQL | undefined, name: string) =>
  preparedPerDb((db) =>
    selectEvents(db)
      .where(and(eq(events.slug, sql.placeholder('slug')), audience))
      .prepare(name),
  );
const eventBy = {
  public: { id: byId(PUBLIC_EVENT, 'sprout_public_event_by_id'), slug: bySlug(PUBLIC_EVENT, 'sprout_public_event_by_slug') },
  all: { id: byId(undefined, 'sprout_event_by_id'), slug: bySlug(undefined, 'sprout_event_by_slug') },
};

/**
 * An id ("12") or a slug ("spring-fair"): a public event, or with `allAudiences` (staff with
 * events: read) one for families too.
 */
export async function getEvent(db: Db, idOrSlug: string, options: { allAudiences: boolean }): Promise<EventDto | null> {
  const key = String(idOrSlug);
  const by = eventBy[options.allAudiences ? 'all' : 'public'];
  const [row] = /^\d{1,9}$/.test(key)
    ? await by.id(db).execute({ id: Number(key) })
    : await by.slug(db).execute({ slug: key.toLowerCase() });
  if (!row) return null;
  const event = toDto(row);
  if (row.seriesId !== null) event.series = await seriesInfo(db, row.seriesId, options.allAudiences);
  return event;
}

async function categoryIdFor(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  if (!row) {
    throw badRequest(`Unknown category "${name}". Choose one of the managed categories.`, {
      fields: { category: `Unknown category "${name}".` },
    });
  }
  return row.id;
}

async function checkGallery(db: Db, galleryId: number | null) {
  if (galleryId == null) return;
  const [row] = await db.select({ id: galleries.id }).from(galleries).where(eq(galleries.id, galleryId));
  if (!row)
    throw badRequest('The chosen gallery does not exist.', { fields: { gallery_id: 'The chosen gallery does not exist.' } });
}

/** A free slug from the title: "spring-fair", then "spring-fair-2", ... */
async function uniqueSlug(db: Db, title: string, exceptId?: number): Promise<string | null> {
  const base = slugify(title).slice(0, 80).replace(/-$/, '');
  if (!base) return null;
  const taken = await db
    .select({ slug: events.slug })
    .from(events)
    .where(
      and(sql`(${events.slug} = ${base} or ${events.slug} like ${base + '-%'})`, exceptId ? ne(events.id, exceptId) : undefined),
    );
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(base) && !/^\d+$/.test(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Issue 34: where an event happens: one of the school profile's branches, or null (the whole school). */
export async function checkBranch(db: Db, branch: string | null): Promise<string | null> {
  if (branch === null) return null;
  const branches = (await getSchoolProfile(db)).branches.map((b) => b.name);
  if (!branches.includes(branch))
    throw badRequest('Choose one of the school’s branches.', {
      fields: { branch: `Choose one of: ${branches.join(', ')}, or the whole school.` },
    });
  return branch;
}

/**
 * The publish state a write asks for (issue 34): scheduled for a time still to come (else
 * PUBLISH_AT_PAST), published now (null: a schedule cancelled), or as it is (left out).
 */
export function scheduleOf(publishAt: string | null | undefined): { published: boolean; publishAt: Date | null } | undefined {
  if (publishAt === undefined) return undefined;
  const at = futurePublishAt(publishAt);
  return { published: at === null, publishAt: at };
}

type Kept = Pick<typeof events.$inferSelect, 'audience' | 'audienceBranch' | 'audienceProgramme' | 'branch'>;

/** What an event's values make of the fields a repeating event's occurrences share, checked (category, gallery, audience, branch). */
export async function eventFields(db: Db, values: EventValues, current?: Kept) {
  const categoryId = await categoryIdFor(db, values.category);
  await checkGallery(db, values.gallery_id);
  const audience = await checkAudience(db, audienceOf(values, current));
  const branch = values.branch === undefined ? (current?.branch ?? null) : await checkBranch(db, values.branch);
  return {
    title: values.title,
    description: values.description,
    coverImage: values.cover_image,
    categoryId,
    location: values.location,
    galleryId: values.gallery_id,
    ...audience,
    branch,
  };
}

const whenOf = (values: EventValues) => ({
  startDate: new Date(values.start_date),
  endDate: values.end_date ? new Date(values.end_date) : null,
  status: values.status,
});

export const STAFF = { allAudiences: true } as const;

export const raced = () => conflict('Another event with this title was saved at the same moment. Please save again.');

export async function createEvent(db: Db, values: EventValues, actor: { id: number } | null): Promise<EventDto> {
  const schedule = scheduleOf(values.publishAt);
  return uniqueOr(
    () =>
      db.transaction(async (tx) => {
        const fields = await eventFields(tx, values);
        const slug = await uniqueSlug(tx, values.title);
        const [row] = await tx
          .insert(events)
          .values({ ...fields, ...whenOf(values), ...schedule, slug, createdBy: actor?.id ?? null })
          .returning({ id: events.id });
        return (await getEvent(tx, String(row!.id), STAFF))!;
      }),
    raced,
  );
}

/**
 * Updates an event; returns it and the cover it replaced (for media clean-up). `detach`: an
 * occurrence of a repeating event changed on its own (issue 34), which later edits of the series leave be.
 */
export async function updateEvent(
  db: Db,
  id: number,
  values: EventValues,
  options: { detach?: boolean } = {},
): Promise<{ event: EventDto; previousCover: string | null }> {
  const schedule = scheduleOf(values.publishAt);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(events).where(eq(events.id, id));
    if (!current) throw notFound('The event');
    const fields = await eventFields(tx, values, current);
    // The slug stays put once made (links keep working); an event without one gets one.
    const slug = current.slug ?? (await uniqueSlug(tx, values.title, id));
    await tx
      .update(events)
      .set({ ...fields, ...whenOf(values), ...schedule, slug, ...(options.detach ? { detached: true } : {}) })
      .where(eq(events.id, id));
    return { event: (await getEvent(tx, String(id), STAFF))!, previousCover: current.coverImage };
  });
}

/** Deletes an event; returns its cover URL (for media clean-up). */
export async function deleteEvent(db: Db, id: number): Promise<{ cover: string | null }> {
  const [row] = await db.delete(events).where(eq(events.id, id)).returning({ cover: events.coverImage });
  if (!row) throw notFound('The event');
  return row;
}
