import { and, asc, count, eq, gte, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { fromDatetimeLocal } from '../../../shared/dates.ts';
import { repeatOfRule } from '../../../shared/repeat-rule.ts';
import { ruleWords } from '../../../shared/rule-words.ts';
import type { EventSeries } from '../../../shared/schemas/event-series.ts';
import { closureOn, isTermTime, type SchoolDate } from '../../../shared/school-year.ts';
import { slugify } from '../../../shared/schemas/post.ts';
import type { Db } from '../../db/client.ts';
import { eventSeries, events } from '../../db/schema/index.ts';
import { getSchoolDate, listSchoolDates } from '../school-year/school-year.service.ts';
import { ruleCandidates } from './rules.ts';

export { ruleCandidates };

export type SeriesRow = typeof eventSeries.$inferSelect;
type Pending = { published: boolean; publishAt: Date | null };

/** The wall-clock day of a start ('YYYY-MM-DDTHH:mm'). */
const dayOf = (local: string) => local.slice(0, 10);

/** Would the occurrence on `day` happen, but for closures? (Term time without the closures, when the series keeps to it.) */
const heldBarClosures = (series: SeriesRow, noClosures: SchoolDate[], day: string) =>
  !series.termTime || isTermTime(noClosures, day, series.branch);

/**
 * The starts the series has rows for: the rule's, less the exdates, the days outside term time
 * (a term-time series) and the closures of the series' branch or the whole school.
 */
export function wantedStarts(series: SeriesRow, dates: readonly SchoolDate[]): string[] {
  const removed = new Set(series.exdates);
  return ruleCandidates(series).filter((start) => {
    if (removed.has(start)) return false;
    const day = dayOf(start);
    if (series.termTime) return isTermTime(dates, day, series.branch);
    return !closureOn(dates, day, series.branch);
  });
}

/** The rule's starts a closure cancelled (not those outside term time anyway, nor removed by staff), with the closure. */
export function cancelledOccurrences(series: SeriesRow, dates: readonly SchoolDate[]): { start: string; closure: SchoolDate }[] {
  const noClosures = dates.filter((d) => d.kind !== 'closure');
  const removed = new Set(series.exdates);
  const out: { start: string; closure: SchoolDate }[] = [];
  for (const start of ruleCandidates(series)) {
    if (removed.has(start)) continue;
    const closure = closureOn(dates, dayOf(start), series.branch);
    if (closure && heldBarClosures(series, noClosures, dayOf(start))) out.push({ start, closure });
  }
  return out;
}

/** An occurrence's start and end as instants: the wall clock kept across a daylight-saving change. */
export function occurrenceTimes(series: Pick<SeriesRow, 'timeZone' | 'durationMinutes'>, local: string) {
  const startDate = new Date(fromDatetimeLocal(local, series.timeZone));
  if (series.durationMinutes == null) return { startDate, endDate: null };
  const endLocal = new Date(Date.parse(`${local}:00Z`) + series.durationMinutes * 60_000).toISOString().slice(0, 16);
  const endDate = new Date(fromDatetimeLocal(endLocal, series.timeZone));
  // A wall-clock end that does not exist (a spring-forward gap) may fall before the start: keep the length.
  return { startDate, endDate: endDate < startDate ? new Date(startDate.getTime() + series.durationMinutes * 60_000) : endDate };
}

/** The fields every occurrence takes from its series (those a detached one keeps its own of). */
export const templateOf = (s: SeriesRow) => ({
  title: s.title,
  description: s.description,
  coverImage: s.coverImage,
  categoryId: s.categoryId,
  location: s.location,
  galleryId: s.galleryId,
  audience: s.audience,
  audienceBranch: s.audienceBranch,
  audienceProgramme: s.audienceProgramme,
  branch: s.branch,
});

const occurrenceColumns = {
  id: events.id,
  seriesId: events.seriesId,
  occurrenceStart: events.occurrenceStart,
  detached: events.detached,
  published: events.published,
  publishAt: events.publishAt,
  startDate: events.startDate,
  endDate: events.endDate,
  title: events.title,
  description: events.description,
  coverImage: events.coverImage,
  categoryId: events.categoryId,
  location: events.location,
  galleryId: events.galleryId,
  audience: events.audience,
  audienceBranch: events.audienceBranch,
  audienceProgramme: events.audienceProgramme,
  branch: events.branch,
};
type OccurrenceRow = { [K in keyof typeof occurrenceColumns]: (typeof events.$inferSelect)[K] };

/** A new row's slug: the title and the date, "forest-school-2027-03-09" (then -2, -3 if taken). */
async function slugsFor(db: Db, title: string, starts: string[]): Promise<Map<string, string | null>> {
  const base = slugify(title).slice(0, 80).replace(/-$/, '');
  const slugs = new Map<string, string | null>();
  if (!base || !starts.length) return new Map(starts.map((s) => [s, null]));
  const taken = new Set(
    (
      await db
        .select({ slug: events.slug })
        .from(events)
        .where(like(events.slug, `${base}-%`))
    ).map((r) => r.slug),
  );
  for (const start of starts) {
    let slug = `${base}-${dayOf(start)}`;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${dayOf(start)}-${n}`;
    taken.add(slug);
    slugs.set(start, slug);
  }
  return slugs;
}

async function syncOne(db: Db, series: SeriesRow, rows: OccurrenceRow[], dates: readonly SchoolDate[], pending?: Pending) {
  const wanted = new Set(wantedStarts(series, dates));
  const removed = new Set(series.exdates);
  const drop: number[] = [];
  const moves: { row: OccurrenceRow; start: string }[] = [];
  const loose: OccurrenceRow[] = [];
  for (const row of rows) {
    const start = row.occurrenceStart ?? '';
    if (removed.has(start)) drop.push(row.id);
    else if (wanted.has(start)) {
      wanted.delete(start);
      if (!row.detached) moves.push({ row, start });
    } else if (!row.detached) loose.push(row);
  }
  // A row whose start moved within its day (the series' time changed) stays the same row: its address is kept.
  const byDay = new Map([...wanted].map((s) => [dayOf(s), s]));
  for (const row of loose) {
    const start = byDay.get(dayOf(row.occurrenceStart ?? ''));
    if (start === undefined) drop.push(row.id);
    else {
      byDay.delete(dayOf(start));
      wanted.delete(start);
      moves.push({ row, start });
    }
  }
  if (drop.length) await db.delete(events).where(inArray(events.id, drop));
  for (const { row, start } of moves) {
    const times = occurrenceTimes(series, start);
    if (
      row.occurrenceStart !== start ||
      row.startDate.getTime() !== times.startDate.getTime() ||
      (row.endDate?.getTime() ?? null) !== (times.endDate?.getTime() ?? null)
    )
      await db
        .update(events)
        .set({ occurrenceStart: start, ...times })
        .where(eq(events.id, row.id));
  }
  const template = templateOf(series);
  const fields = Object.keys(template) as (keyof typeof template)[];
  // Only when some row differs (a sync after a school-year change mostly has nothing to update).
  if (rows.some((r) => !r.detached && !drop.includes(r.id) && fields.some((f) => r[f] !== template[f]))) {
    const differs = fields.map((f) => sql`${events[f]} is distinct from ${template[f]}`);
    await db
      .update(events)
      .set(template)
      .where(and(eq(events.seriesId, series.id), eq(events.detached, false), or(...differs)));
  }
  if (!wanted.size) return;
  const kept = rows.find((r) => !drop.includes(r.id) && !r.detached) ?? rows.find((r) => !drop.includes(r.id));
  const state = pending ?? {
    published: kept ? kept.published || !kept.publishAt : true,
    publishAt: kept && !kept.published ? kept.publishAt : null,
  };
  const starts = [...wanted].sort();
  const slugs = await slugsFor(db, series.title, starts);
  const values = starts.map((start) => ({
    ...template,
    ...occurrenceTimes(series, start),
    ...state,
    slug: slugs.get(start) ?? null,
    status: 'upcoming' as const,
    seriesId: series.id,
    occurrenceStart: start,
    createdBy: series.createdBy,
  }));
  for (let i = 0; i < values.length; i += 500) await db.insert(events).values(values.slice(i, i + 500));
}

const rowsOf = (db: Db, seriesId?: number) =>
  db
    .select(occurrenceColumns)
    .from(events)
    .where(seriesId === undefined ? isNotNull(events.seriesId) : eq(events.seriesId, seriesId))
    .orderBy(asc(events.occurrenceStart));

/**
 * Makes the series' rows match its rule, exdates and the school year, in one transaction: missing
 * ones inserted, unwanted ones deleted (detached ones kept), the rest given the template's fields.
 * `pending`: the publish state of rows it inserts (else that of the series' other rows).
 */
export async function syncSeries(db: Db, seriesId: number, pending?: Pending): Promise<void> {
  await db.transaction(async (tx) => {
    const [series] = await tx.select().from(eventSeries).where(eq(eventSeries.id, seriesId)).for('update');
    if (!series) return;
    await syncOne(tx, series, await rowsOf(tx, seriesId), await listSchoolDates(tx), pending);
  });
}

/** Every series synced (after a change to the school year): one read of each table, then the writes needed. */
export async function syncAllSeries(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const all = await tx.select().from(eventSeries).orderBy(asc(eventSeries.id)).for('update');
    if (!all.length) return;
    const [rows, dates] = await Promise.all([rowsOf(tx), listSchoolDates(tx)]);
    const bySeries = new Map<number, OccurrenceRow[]>();
    for (const row of rows) bySeries.set(row.seriesId!, [...(bySeries.get(row.seriesId!) ?? []), row]);
    for (const series of all) await syncOne(tx, series, bySeries.get(series.id) ?? [], dates);
  });
}

/** The occurrences a closure cancelled, for the school-year screen: each series' starts on its days. */
export async function cancelledByClosure(
  db: Db,
  closureId: number,
): Promise<{ eventTitle: string; start: string; seriesId: number }[]> {
  const closure = await getSchoolDate(db, closureId);
  if (!closure || closure.kind !== 'closure') return [];
  const [all, dates] = await Promise.all([db.select().from(eventSeries).orderBy(asc(eventSeries.id)), listSchoolDates(db)]);
  // This closure first: a day two closures cover is counted as this one's.
  const ordered = [closure, ...dates.filter((d) => d.id !== closureId)];
  return all.flatMap((series) =>
    cancelledOccurrences(series, ordered)
      .filter((c) => c.closure.id === closureId)
      .map((c) => ({ eventTitle: series.title, start: c.start, seriesId: series.id })),
  );
}

/** How many of the occurrences still to come an event's page lists. */
const NEXT_SHOWN = 5;

/**
 * A series as one event's read gives it: the rule (in words, and as the form's Repeats section),
 * the next occurrences (published ones only, unless `staff`), and those closures cancelled.
 */
export async function seriesInfo(db: Db, seriesId: number, staff: boolean): Promise<EventSeries | null> {
  const [series] = await db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
  if (!series) return null;
  const shown = and(eq(events.seriesId, seriesId), staff ? undefined : eq(events.published, true));
  const now = new Date().toISOString();
  const [dates, [total], next] = await Promise.all([
    listSchoolDates(db),
    db.select({ n: count() }).from(events).where(shown),
    db
      .select({ id: events.id, slug: events.slug, startDate: events.startDate })
      .from(events)
      .where(and(shown, gte(events.startDate, new Date(now))))
      .orderBy(asc(events.startDate))
      .limit(NEXT_SHOWN),
  ]);
  return {
    id: series.id,
    rrule: series.rrule,
    words: ruleWords(series, series.timeZone),
    termTime: series.termTime,
    startsLocal: series.startsLocal,
    timeZone: series.timeZone,
    repeat: repeatOfRule(series.rrule, series.timeZone, series.termTime),
    occurrences: total?.n ?? 0,
    next: next.map((r) => ({ id: r.id, slug: r.slug, start_date: r.startDate.toISOString() })),
    // The public, the dates still to come; staff, every one.
    cancelled: cancelledOccurrences(series, dates)
      .map((c) => ({ start_date: fromDatetimeLocal(c.start, series.timeZone), closure: c.closure.name }))
      .filter((c) => staff || c.start_date >= now),
  };
}
