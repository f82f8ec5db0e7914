import { and, asc, count, desc, eq, gte, inArray, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { PublicEvent, PublicEventList, PublicEventMonth } from '../../../client/lib/public-data.ts';
import { fromDatetimeLocal, toDatetimeLocal } from '../../../shared/dates.ts';
import type { SchoolDate } from '../../../shared/school-year.ts';
import { EVENTS_PER_PAGE, filterSlug, type EventsQuery } from '../../../shared/public-lists.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import type { Db } from '../../db/client.ts';
import { categories, eventSeries, events, galleries } from '../../db/schema/index.ts';
import { ruleWords } from '../../../shared/rule-words.ts';
import { endsAt, notOver, PUBLIC_EVENT, selectEvents, toDto, type EventRow } from '../events/events.service.ts';
import { PUBLIC_GALLERY } from '../galleries/galleries.service.ts';
import { listSchoolDates } from '../school-year/school-year.service.ts';

/**
 * /events at years of content (issue 31): the events not yet over, soonest first, and the past
 * ones, most recently ended first, each paged apart with its count; filtered by a branch (see
 * atBranch) and a category. The branches offered are the school profile's; the categories those
 * some event has. Only public events (PUBLIC_EVENT): one for families is neither listed, counted nor
 * a filter's reason.
 */

/** The rule in words of the repeating events among `rows` ("Every Tuesday in term time until July 18, 2027"), by series. */
async function repeatWords(db: Db, rows: EventRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((row) => row.seriesId).filter((id): id is number => id != null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: eventSeries.id,
      rrule: eventSeries.rrule,
      startsLocal: eventSeries.startsLocal,
      termTime: eventSeries.termTime,
      timeZone: eventSeries.timeZone,
    })
    .from(eventSeries)
    .where(inArray(eventSeries.id, ids));
  return new Map(found.map((s) => [s.id, ruleWords(s, s.timeZone)]));
}

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

/**
 * At a branch (issue 34): marked so, or the whole school's (no branch), as the branch's calendar
 * feed has them; an old event with no branch that names another branch in its location (and not
 * this one) is that branch's, as before events were marked.
 */
function atBranch(name: string, school: SchoolProfile): SQL {
  const named = (branch: string) => sql`position(lower(${branch}) in lower(coalesce(${events.location}, ''))) > 0`;
  const others = school.branches.map((b) => b.name).filter((other) => other !== name);
  const elsewhere = others.length > 0 ? or(...others.map(named)) : undefined;
  return or(eq(events.branch, name), and(isNull(events.branch), elsewhere ? or(named(name), not(elsewhere)) : undefined))!;
}

/** The school's branches to filter by (its profile's, in its order), none with only one. */
function branchFilters(school: SchoolProfile) {
  const names = school.branches.map((b) => b.name);
  return names.length < 2 ? [] : names.map((name) => ({ slug: filterSlug(name), name }));
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

/** The filters /events offers, and the school year: the same for every page of it (remembered apart, public-data.ts). */
export async function eventFilters(db: Db, school: SchoolProfile) {
  const [categoryList, schoolDates] = await Promise.all([categoriesWithEvents(db), listSchoolDates(db)]);
  return { branches: branchFilters(school), categories: categoryList, schoolDates };
}
export type EventFilters = Awaited<ReturnType<typeof eventFilters>>;

/** The page of `query`, or null when a filter names no branch or category of the school. */
export async function publicEventList(
  db: Db,
  school: SchoolProfile,
  query: EventsQuery,
  filters?: EventFilters,
): Promise<PublicEventList | null> {
  const { branches, categories: categoryList, schoolDates } = filters ?? (await eventFilters(db, school));
  const branch = query.branch ? school.branches.find((b) => filterSlug(b.name) === query.branch) : undefined;
  const category = query.category ? categoryList.find((c) => c.slug === query.category) : undefined;
  if ((query.branch && !branch) || (query.category && !category)) return null;

  const where: SQL | undefined = and(
    branch ? atBranch(branch.name, school) : undefined,
    category ? eq(events.categoryId, category.id) : undefined,
  );
  const shown = and(where, PUBLIC_EVENT);
  const today = toDatetimeLocal(new Date(), school.timezone).slice(0, 10);
  const common = {
    perPage: EVENTS_PER_PAGE,
    branches,
    categories: categoryList.map(({ slug, name }) => ({ slug, name })),
    branch: branch ? { slug: filterSlug(branch.name), name: branch.name } : null,
    category: category ? { slug: category.slug, name: category.name } : null,
    today,
    termDates: termDatesAround(schoolDates, today, branch?.name ?? null),
  };
  if (query.view === 'month') {
    const month = await monthOf(db, school, query.month ?? today.slice(0, 7), shown, schoolDates, branch?.name ?? null);
    const none = { items: [], total: 0 };
    return { ...common, upcoming: none, past: none, month };
  }
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
  const [kinds, repeats] = await Promise.all([galleryKinds(db, [...upcoming, ...past]), repeatWords(db, [...upcoming, ...past])]);
  const toPublic = (rows: EventRow[]): PublicEvent[] =>
    rows.map((row) => ({
      ...toDto(row),
      gallery_kind: (row.galleryId && kinds.get(row.galleryId)) || null,
      // The rule's words on the card; what closures cancelled is for the event's own page.
      ...(row.seriesId && repeats.get(row.seriesId) ? { series: { words: repeats.get(row.seriesId)!, cancelled: [] } } : {}),
    }));
  return {
    upcoming: { items: toPublic(upcoming), total: upcomingTotal },
    past: { items: toPublic(past), total: pastTotal },
    ...common,
    month: null,
  };
}

/** The dates of the school and of `branch` (every branch's without one). */
const ofBranch = (dates: SchoolDate[], branch: string | null) =>
  dates.filter((d) => branch === null || d.branch === null || d.branch === branch);

const YEAR_DAYS = 365 * 86_400_000;

/** The "Term dates" section: this school year's terms, half-terms and closures not yet over, to a year ahead. */
function termDatesAround(dates: SchoolDate[], today: string, branch: string | null): SchoolDate[] {
  const yearAhead = new Date(Date.parse(today) + YEAR_DAYS).toISOString().slice(0, 10);
  return ofBranch(dates, branch).filter((d) => d.ends_on >= today && d.starts_on <= yearAhead);
}

/** Events in a month's calendar at most (a very busy month of a busy school). */
const MONTH_MAX_EVENTS = 400;

/** A month's calendar: the events starting in it (on the school's clock) and the school dates it touches. */
async function monthOf(
  db: Db,
  school: SchoolProfile,
  month: string,
  shown: SQL | undefined,
  dates: SchoolDate[],
  branch: string | null,
): Promise<PublicEventMonth> {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  const rows = await db
    .select({ id: events.id, slug: events.slug, title: events.title, start: events.startDate })
    .from(events)
    .where(
      and(
        shown,
        gte(events.startDate, new Date(fromDatetimeLocal(`${month}-01T00:00`, school.timezone))),
        lt(events.startDate, new Date(fromDatetimeLocal(`${next}-01T00:00`, school.timezone))),
      ),
    )
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(MONTH_MAX_EVENTS);
  return {
    month,
    events: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      start_date: r.start.toISOString(),
    })),
    dates: ofBranch(dates, branch).filter((d) => d.ends_on >= `${month}-01` && d.starts_on < `${next}-01`),
  };
}
