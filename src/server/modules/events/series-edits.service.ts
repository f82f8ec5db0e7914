/**
 * Issue 34: creating, editing and deleting repeating events, as calendar apps do: this occurrence,
 * this and the following ones (the series split in two), or all of them.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { fromDatetimeLocal, toDatetimeLocal } from '../../../shared/dates.ts';
import { ruleOfRepeat, untilLocal, untilOfDay, utcUntil, writeRule } from '../../../shared/repeat-rule.ts';
import type { EventScope } from '../../../shared/schemas/event-series.ts';
import type { EventValues } from '../../../shared/schemas/event.ts';
import type { Db } from '../../db/client.ts';
import { eventSeries, events } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { uniqueOr } from '../media/params.ts';
import { deleteEvent, eventFields, getEvent, raced, scheduleOf, STAFF, updateEvent, type EventDto } from './events.service.ts';
import { checkRule, parseRule, ruleCandidates } from './rules.ts';
import { syncSeries, type SeriesRow } from './series.service.ts';

type Schedule = ReturnType<typeof scheduleOf>;

const minutesBetween = (from: string, to: string) => (Date.parse(`${to}:00Z`) - Date.parse(`${from}:00Z`)) / 60_000;
const shifted = (local: string, minutes: number) =>
  new Date(Date.parse(`${local}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);
const dayBefore = (local: string) =>
  new Date(Date.parse(`${local.slice(0, 10)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** A rule sent through the API, read strictly, its UNTIL written in UTC (as calendar apps read it beside DTSTART;TZID). */
export function normalRule(rrule: string, timeZone: string): string {
  const parts = parseRule(rrule);
  if (parts.until && !parts.until.endsWith('Z')) {
    const seconds = parts.until.length > 8 ? Number(parts.until.slice(13, 15)) : 59;
    parts.until = utcUntil(new Date(Date.parse(fromDatetimeLocal(untilLocal(parts.until, timeZone), timeZone)) + seconds * 1000));
  }
  return writeRule(parts);
}

/** The series' rule, start, term time and length an event's values ask for; checked (rules.ts). */
function planOf(values: EventValues, timeZone: string, keep?: { rrule: string; termTime: boolean }, startsLocal?: string) {
  const start = startsLocal ?? toDatetimeLocal(values.start_date, timeZone);
  const rrule = values.repeat
    ? ruleOfRepeat(values.repeat, start, timeZone)
    : values.rrule
      ? normalRule(values.rrule, timeZone)
      : keep!.rrule;
  const dates = checkRule(rrule, start, timeZone);
  const end = values.end_date ? Date.parse(values.end_date) : null;
  return {
    rrule,
    startsLocal: dates[0]!,
    termTime: values.repeat?.termTime ?? values.termTime ?? keep?.termTime ?? false,
    durationMinutes: end === null ? null : Math.round((end - Date.parse(values.start_date)) / 60_000),
  };
}

/** The series' occurrence nearest `start` (the one just edited, or the first after it): what the edit returns. */
async function occurrenceNear(db: Db, seriesId: number, start: Date): Promise<EventDto> {
  const row =
    (
      await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.seriesId, seriesId), gte(events.startDate, start)))
        .orderBy(asc(events.startDate))
        .limit(1)
    )[0] ??
    (
      await db.select({ id: events.id }).from(events).where(eq(events.seriesId, seriesId)).orderBy(asc(events.startDate)).limit(1)
    )[0];
  if (!row)
    throw badRequest('No date of this rule is left once term time and closures are taken out: check the school year.', {
      fields: { repeat: 'No date of this rule falls in term time.' },
    });
  return (await getEvent(db, String(row.id), STAFF))!;
}

/** Inserts a series from an event's values and its rows; returns the first occurrence. */
async function insertSeries(
  tx: Db,
  plan: ReturnType<typeof planOf>,
  fields: Awaited<ReturnType<typeof eventFields>>,
  more: { timeZone: string; createdBy: number | null; exdates?: string[] },
): Promise<SeriesRow> {
  const [series] = await tx
    .insert(eventSeries)
    .values({ ...fields, ...plan, timeZone: more.timeZone, createdBy: more.createdBy, exdates: more.exdates ?? [] })
    .returning();
  return series!;
}

/** POST /api/events with `repeat` or `rrule`: a series and its occurrences; returns the first. */
export async function createSeriesEvent(db: Db, values: EventValues, actor: { id: number } | null): Promise<EventDto> {
  const schedule = scheduleOf(values.publishAt);
  const timeZone = (await getSchoolProfile(db)).timezone;
  return uniqueOr(
    () =>
      db.transaction(async (tx) => {
        const fields = await eventFields(tx, values);
        const plan = planOf(values, timeZone);
        const series = await insertSeries(tx, plan, fields, { timeZone, createdBy: actor?.id ?? null });
        await syncSeries(tx, series.id, schedule);
        return occurrenceNear(tx, series.id, new Date(0));
      }),
    raced,
  );
}

/** 'all': the series takes the values (its start moved as this occurrence moved); detached occurrences keep theirs. */
async function editAll(tx: Db, series: SeriesRow, row: typeof events.$inferSelect, values: EventValues, schedule: Schedule) {
  const fields = await eventFields(tx, values, series);
  const moved = minutesBetween(row.occurrenceStart!, toDatetimeLocal(values.start_date, series.timeZone));
  const plan = planOf(values, series.timeZone, series, shifted(series.startsLocal, moved));
  const exdates = series.exdates.map((d) => shifted(d, moved));
  await tx
    .update(eventSeries)
    .set({ ...fields, ...plan, exdates, updatedAt: new Date() })
    .where(eq(eventSeries.id, series.id));
  if (schedule)
    await tx
      .update(events)
      .set(schedule)
      .where(and(eq(events.seriesId, series.id), eq(events.detached, false)));
  await syncSeries(tx, series.id, schedule);
  return occurrenceNear(tx, series.id, new Date(values.start_date));
}

/** The rule of the occurrences before `at` only: its UNTIL the day before, or its COUNT those before. */
function ruleBefore(series: SeriesRow, at: string): { rrule: string; before: number } {
  const parts = parseRule(series.rrule);
  const before = ruleCandidates(series).filter((c) => c < at).length;
  const rrule = writeRule(
    parts.count ? { ...parts, count: before } : { ...parts, until: untilOfDay(dayBefore(at), series.timeZone) },
  );
  return { rrule, before };
}

/** 'following': the series ends before this occurrence; a new one, with the values, takes it and those after. */
async function editFollowing(
  tx: Db,
  series: SeriesRow,
  row: typeof events.$inferSelect,
  values: EventValues,
  schedule: Schedule,
) {
  const at = row.occurrenceStart!;
  const { rrule: oldRule, before } = ruleBefore(series, at);
  if (!before) return editAll(tx, series, row, values, schedule);
  const parts = parseRule(series.rrule);
  const moved = minutesBetween(at, toDatetimeLocal(values.start_date, series.timeZone));
  const start = shifted(at, moved);
  // The same count sent back (the form shows the whole series'): the occurrences left of it.
  const left = parts.count ? parts.count - before : null;
  const repeat = values.repeat && left && values.repeat.count === parts.count ? { ...values.repeat, count: left } : values.repeat;
  const keepRule = left ? writeRule({ ...parts, count: left }) : series.rrule;
  const plan = planOf({ ...values, repeat }, series.timeZone, { rrule: keepRule, termTime: series.termTime }, start);
  const fields = await eventFields(tx, values, series);
  const next = await insertSeries(tx, plan, fields, {
    timeZone: series.timeZone,
    createdBy: series.createdBy,
    exdates: series.exdates.filter((d) => d >= at).map((d) => shifted(d, moved)),
  });
  await tx
    .update(eventSeries)
    .set({ rrule: oldRule, exdates: series.exdates.filter((d) => d < at), updatedAt: new Date() })
    .where(eq(eventSeries.id, series.id));
  await tx
    .update(events)
    .set({ seriesId: next.id, ...schedule })
    .where(and(eq(events.seriesId, series.id), gte(events.occurrenceStart, at)));
  await syncSeries(tx, series.id);
  await syncSeries(tx, next.id, schedule);
  return occurrenceNear(tx, next.id, new Date(values.start_date));
}

/** A single event given a repeat: it becomes the first occurrence of a new series. */
async function makeSeries(tx: Db, row: typeof events.$inferSelect, values: EventValues, schedule: Schedule) {
  const timeZone = (await getSchoolProfile(tx)).timezone;
  const fields = await eventFields(tx, values, row);
  const plan = planOf(values, timeZone);
  const series = await insertSeries(tx, plan, fields, { timeZone, createdBy: row.createdBy });
  await tx.update(events).set({ seriesId: series.id, occurrenceStart: plan.startsLocal }).where(eq(events.id, row.id));
  await syncSeries(tx, series.id, schedule ?? { published: row.published, publishAt: row.publishAt });
  return occurrenceNear(tx, series.id, new Date(0));
}

/** 'all' with "Does not repeat": this occurrence stays as a single event; the others go. */
async function endSeries(tx: Db, series: SeriesRow, row: typeof events.$inferSelect, values: EventValues) {
  await tx.update(events).set({ seriesId: null, occurrenceStart: null, detached: false }).where(eq(events.id, row.id));
  await tx.delete(eventSeries).where(eq(eventSeries.id, series.id));
  return (await updateEvent(tx, row.id, values)).event;
}

/** PUT /api/events/{id}: a single event, or an occurrence of a repeating one with a scope (default: this one). */
export async function updateAnyEvent(
  db: Db,
  id: number,
  values: EventValues,
): Promise<{ event: EventDto; previousCover: string | null }> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw notFound('The event');
  const repeats = !!(values.repeat || values.rrule);
  if (row.seriesId === null) {
    if (!repeats) return updateEvent(db, id, values);
    const schedule = scheduleOf(values.publishAt);
    return { event: await db.transaction((tx) => makeSeries(tx, row, values, schedule)), previousCover: row.coverImage };
  }
  const scope = values.scope ?? 'this';
  if (scope === 'this') return updateEvent(db, id, values, { detach: true });
  const schedule = scheduleOf(values.publishAt);
  const event = await db.transaction(async (tx) => {
    const [series] = await tx.select().from(eventSeries).where(eq(eventSeries.id, row.seriesId!));
    if (!series) throw notFound('The repeating event');
    if (values.repeat === null && scope === 'all') return endSeries(tx, series, row, values);
    return scope === 'all' ? editAll(tx, series, row, values, schedule) : editFollowing(tx, series, row, values, schedule);
  });
  return { event, previousCover: row.coverImage };
}

/**
 * DELETE /api/events/{id}: a single event, or of a repeating one this occurrence (its start kept
 * as an exdate), this and the following ones, or all. Returns the covers of what went (media clean-up).
 */
export async function deleteAnyEvent(db: Db, id: number, scope: EventScope = 'this'): Promise<{ covers: (string | null)[] }> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw notFound('The event');
  if (row.seriesId === null) return { covers: [(await deleteEvent(db, id)).cover] };
  return db.transaction(async (tx) => {
    const [series] = await tx.select().from(eventSeries).where(eq(eventSeries.id, row.seriesId!));
    if (!series) throw notFound('The repeating event');
    const at = row.occurrenceStart!;
    let gone: { cover: string | null }[];
    const following = scope === 'following' ? ruleBefore(series, at) : null;
    if (scope === 'all' || following?.before === 0) {
      gone = await tx.delete(events).where(eq(events.seriesId, series.id)).returning({ cover: events.coverImage });
      await tx.delete(eventSeries).where(eq(eventSeries.id, series.id));
      return { covers: [...gone.map((g) => g.cover), series.coverImage] };
    }
    if (following) {
      await tx
        .update(eventSeries)
        .set({ rrule: following.rrule, exdates: series.exdates.filter((d) => d < at), updatedAt: new Date() })
        .where(eq(eventSeries.id, series.id));
      gone = await tx
        .delete(events)
        .where(and(eq(events.seriesId, series.id), gte(events.occurrenceStart, at)))
        .returning({ cover: events.coverImage });
    } else {
      await tx
        .update(eventSeries)
        .set({ exdates: [...series.exdates, at], updatedAt: new Date() })
        .where(eq(eventSeries.id, series.id));
      gone = await tx
        .delete(events)
        .where(inArray(events.id, [id]))
        .returning({ cover: events.coverImage });
    }
    await syncSeries(tx, series.id);
    // Nothing left of it: the series goes too (a feed would otherwise carry an empty rule).
    const [left] = await tx.select({ id: events.id }).from(events).where(eq(events.seriesId, series.id)).limit(1);
    if (!left) await tx.delete(eventSeries).where(eq(eventSeries.id, series.id));
    return { covers: gone.map((g) => g.cover) };
  });
}
