import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PublicEvent, PublicEventList } from '../../../client/lib/public-data.ts';
import { EVENTS_PER_PAGE, filterSlug, type EventsQuery } from '../../../shared/public-lists.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import type { Db } from '../../db/client.ts';
import { categories, events, galleries } from '../../db/schema/index.ts';
import { endsAt, notOver, PUBLIC_EVENT, selectEvents, toDto, type EventRow } from '../events/events.service.ts';
import { PUBLIC_GALLERY } from '../galleries/galleries.service.ts';

/**
 * /events at years of content (issue 31): the events not yet over, soonest first, and the past
 * ones, most recently ended first, each paged apart with its count; filtered by a branch (its name
 * in the event's location) and a category. The filters offered are those some event has. Only
 * public events (PUBLIC_EVENT): one for families is neither listed, counted nor a filter's reason.
 */

/** Published photos, or a video, of the galleries linked to `rows`: the cards say so. */
async function galleryKinds(db: Db, rows: EventRow[]): Promise<Map<number, PublicEvent['gallery_kind']>> {
  const ids = [...new Set(rows.map((row) => row.galleryId).filter((id): id is number => id != null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: galleries.id, type: galleries.type, photos: sql<number>`cardinality(${galleries.images})`.mapWith(Number) })
    .from(galleries)
    .where(and(inArray(galleries.id, ids), PUBLIC_GALLERY));
  return new Map(found.map((g) => [g.id, g.type === 'video' ? 'video' : g.photos > 0 ? 'photos' : null]));
}

const atBranch = (name: string) => sql`position(lower(${name}) in lower(${events.location})) > 0`;

/** The school's branches some event takes place at (its name in the location), in the school's order. */
async function branchesWithEvents(db: Db, school: SchoolProfile) {
  const names = school.branches.map((b) => b.name);
  if (names.length < 2) return [];
  const [row] = await db
    .select(
      Object.fromEntries(
        names.map((name, i) => [`b${i}`, sql<number>`count(*) filter (where ${atBranch(name)})`.mapWith(Number)]),
      ),
    )
    .from(events)
    .where(PUBLIC_EVENT);
  return names.filter((_, i) => Number(row?.[`b${i}`] ?? 0) > 0).map((name) => ({ slug: filterSlug(name), name }));
}

/** The categories some event has, by name. */
async function categoriesWithEvents(db: Db) {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`exists (select 1 from ${events} where ${events.categoryId} = ${categories.id} and ${PUBLIC_EVENT})`)
    .orderBy(asc(sql`lower(${categories.name})`));
  return rows.map((row) => ({ ...row, slug: filterSlug(row.name) }));
}

/** The filters /events offers: the same for every page of it (remembered apart, public-data.ts). */
export async function eventFilters(db: Db, school: SchoolProfile) {
  const [branches, categoryList] = await Promise.all([branchesWithEvents(db, school), categoriesWithEvents(db)]);
  return { branches, categories: categoryList };
}
export type EventFilters = Awaited<ReturnType<typeof eventFilters>>;

/** The page of `query`, or null when a filter names no branch or category of the school. */
export async function publicEventList(
  db: Db,
  school: SchoolProfile,
  query: EventsQuery,
  filters?: EventFilters,
): Promise<PublicEventList | null> {
  const { branches, categories: categoryList } = filters ?? (await eventFilters(db, school));
  const branch = query.branch ? school.branches.find((b) => filterSlug(b.name) === query.branch) : undefined;
  const category = query.category ? categoryList.find((c) => c.slug === query.category) : undefined;
  if ((query.branch && !branch) || (query.category && !category)) return null;

  const where: SQL | undefined = and(
    branch ? atBranch(branch.name) : undefined,
    category ? eq(events.categoryId, category.id) : undefined,
  );
  const shown = and(where, PUBLIC_EVENT);
  const over = sql`${endsAt} < now()`;
  const [totals] = await db
    .select({
      upcoming: sql<number>`count(*) filter (where ${endsAt} >= now())`.mapWith(Number),
      past: count(),
    })
    .from(events)
    .where(shown);
  const upcomingTotal = totals?.upcoming ?? 0;
  const pastTotal = (totals?.past ?? 0) - upcomingTotal;
  const [upcoming, past] = await Promise.all([
    selectEvents(db)
      // Without a filter, bounded by the longest event to read the start index from near today.
      .where(notOver(where, PUBLIC_EVENT))
      .orderBy(asc(events.startDate), asc(events.id))
      .limit(EVENTS_PER_PAGE)
      .offset((query.page - 1) * EVENTS_PER_PAGE),
    selectEvents(db)
      .where(and(shown, over))
      .orderBy(desc(endsAt), asc(events.id))
      .limit(EVENTS_PER_PAGE)
      .offset((query.past - 1) * EVENTS_PER_PAGE),
  ]);
  const kinds = await galleryKinds(db, [...upcoming, ...past]);
  const toPublic = (rows: EventRow[]): PublicEvent[] =>
    rows.map((row) => ({ ...toDto(row), gallery_kind: (row.galleryId && kinds.get(row.galleryId)) || null }));
  return {
    upcoming: { items: toPublic(upcoming), total: upcomingTotal },
    past: { items: toPublic(past), total: pastTotal },
    perPage: EVENTS_PER_PAGE,
    branches,
    categories: categoryList.map(({ slug, name }) => ({ slug, name })),
    branch: branch ? { slug: filterSlug(branch.name), name: branch.name } : null,
    category: category ? { slug: category.slug, name: category.name } : null,
  };
}
