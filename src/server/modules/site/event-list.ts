import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PublicEvent, PublicEventList } from '../../../client/lib/public-data.ts';
import { EVENTS_PER_PAGE, filterSlug, type EventsQuery } from '../../../shared/public-lists.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import type { Db } from '../../db/client.ts';
import { categories, events, galleries, media } from '../../db/schema/index.ts';
import { endsAt, toDto } from '../events/events.service.ts';

/**
 * /events at years of content (issue 31): the events not yet over, soonest first, and the past
 * ones, most recently ended first, each paged apart with its count; filtered by a branch (its name
 * in the event's location) and a category. The filters offered are those some event has.
 */

/** Published photos, or a video, linked to the event: the card says so. */
const galleryKind = sql<PublicEvent['gallery_kind']>`case when ${galleries.published} then case
  when ${galleries.type} = 'video' then 'video' when cardinality(${galleries.images}) > 0 then 'photos' end end`;

function selectListed(db: Db) {
  return db
    .select({
      ...getTableColumns(events),
      category: categories.name,
      coverWidth: media.width,
      coverHeight: media.height,
      coverVariants: media.variants,
      galleryKind,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(media, eq(media.url, events.coverImage))
    .leftJoin(galleries, eq(galleries.id, events.galleryId));
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
    .from(events);
  return names.filter((_, i) => Number(row?.[`b${i}`] ?? 0) > 0).map((name) => ({ slug: filterSlug(name), name }));
}

/** The categories some event has, by name. */
async function categoriesWithEvents(db: Db) {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`exists (select 1 from ${events} where ${events.categoryId} = ${categories.id})`)
    .orderBy(asc(sql`lower(${categories.name})`));
  return rows.map((row) => ({ ...row, slug: filterSlug(row.name) }));
}

/** The page of `query`, or null when a filter names no branch or category of the school. */
export async function publicEventList(db: Db, school: SchoolProfile, query: EventsQuery): Promise<PublicEventList | null> {
  const [branches, categoryList] = await Promise.all([branchesWithEvents(db, school), categoriesWithEvents(db)]);
  const branch = query.branch ? school.branches.find((b) => filterSlug(b.name) === query.branch) : undefined;
  const category = query.category ? categoryList.find((c) => c.slug === query.category) : undefined;
  if ((query.branch && !branch) || (query.category && !category)) return null;

  const where: SQL | undefined = and(
    branch ? atBranch(branch.name) : undefined,
    category ? eq(events.categoryId, category.id) : undefined,
  );
  const notOver = sql`${endsAt} >= now()`;
  const over = sql`${endsAt} < now()`;
  const [totals] = await db
    .select({
      upcoming: sql<number>`count(*) filter (where ${notOver})`.mapWith(Number),
      past: count(),
    })
    .from(events)
    .where(where);
  const upcomingTotal = totals?.upcoming ?? 0;
  const pastTotal = (totals?.past ?? 0) - upcomingTotal;
  const toPublic = (rows: Awaited<ReturnType<ReturnType<typeof selectListed>['execute']>>): PublicEvent[] =>
    rows.map((row) => ({ ...toDto(row), gallery_kind: row.galleryKind ?? null }));
  const [upcoming, past] = await Promise.all([
    selectListed(db)
      .where(and(where, notOver))
      .orderBy(asc(events.startDate), asc(events.id))
      .limit(EVENTS_PER_PAGE)
      .offset((query.page - 1) * EVENTS_PER_PAGE),
    selectListed(db)
      .where(and(where, over))
      .orderBy(desc(endsAt), asc(events.id))
      .limit(EVENTS_PER_PAGE)
      .offset((query.past - 1) * EVENTS_PER_PAGE),
  ]);
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
