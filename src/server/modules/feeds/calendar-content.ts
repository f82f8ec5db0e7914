import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { categories, eventSeries, events } from '../../db/schema/index.ts';
import { selectEvents, toDto, type EventDto } from '../events/events.service.ts';
import { listSchoolDates } from '../school-year/school-year.service.ts';
import { ICS_MAX_EVENTS, schoolYearAround, type CalendarContent, type SeriesInFeed } from './feeds.service.ts';
import { ruleCandidates } from '../events/series.service.ts';

/**
 * What a calendar feed reads (issue 34): the single events of the school year around today (capped,
 * as before), each repeating event once with the starts it skips and its moved occurrences, and the
 * term dates. `shown` picks the events (the public ones, or a family's); `branch` narrows them to
 * the whole school's and that branch's, and the term dates to the school's and that branch's.
 */
export interface CalendarReach {
  shown: SQL;
  /** One branch's calendar; undefined: every event, every branch's dates. */
  branch?: string;
  /** The branches whose dates a family's calendar carries (with the school's). */
  dateBranches?: string[];
  now?: number;
}

/**
 * Rows read per query: the built-in database runs one statement at a time, so a long read would
 * hold every other request's statements back (pglite-thread.ts).
 */
const ROWS_PER_QUERY = 200;

/** Up to `limit` single events of a window, a few hundred at a time with a turn of the event loop between. */
async function singlesInTurns(
  db: Db,
  where: SQL | undefined,
  window: { from: Date; before: Date; limit: number; latestFirst?: boolean },
) {
  const found: EventDto[] = [];
  while (found.length < window.limit) {
    const limit = Math.min(ROWS_PER_QUERY, window.limit - found.length);
    const rows = await selectEvents(db)
      .where(and(where, isNull(events.seriesId), gte(events.startDate, window.from), lt(events.startDate, window.before)))
      .orderBy(window.latestFirst ? desc(events.startDate) : asc(events.startDate), asc(events.id))
      .limit(limit)
      .offset(found.length);
    found.push(...rows.map(toDto));
    if (rows.length < limit) break;
    await setImmediate();
  }
  return found;
}

/** The single events: upcoming first up to the cap, then the latest past ones; soonest first. */
async function singleEvents(db: Db, where: SQL | undefined, now: number): Promise<EventDto[]> {
  const { from, to } = schoolYearAround(now);
  const today = new Date(now);
  const upcoming = await singlesInTurns(db, where, { from: today, before: to, limit: ICS_MAX_EVENTS });
  const room = ICS_MAX_EVENTS - upcoming.length;
  const past = room > 0 ? await singlesInTurns(db, where, { from, before: today, limit: room, latestFirst: true }) : [];
  return [...past.reverse(), ...upcoming];
}

/** The repeating events with an occurrence in the window, each once. */
async function seriesInFeed(db: Db, where: SQL | undefined, now: number): Promise<SeriesInFeed[]> {
  const { from, to } = schoolYearAround(now);
  const inWindow = await db
    .selectDistinct({ id: events.seriesId })
    .from(events)
    .where(and(where, isNotNull(events.seriesId), gte(events.startDate, from), lt(events.startDate, to)));
  const ids = inWindow.map((r) => r.id!);
  if (ids.length === 0) return [];
  const [rules, occurrences, moved] = await Promise.all([
    db
      .select({ series: eventSeries, category: categories.name })
      .from(eventSeries)
      .leftJoin(categories, eq(categories.id, eventSeries.categoryId))
      .where(inArray(eventSeries.id, ids))
      .orderBy(asc(eventSeries.id)),
    db
      .select({ seriesId: events.seriesId, start: events.occurrenceStart, id: events.id, slug: events.slug })
      .from(events)
      .where(and(where, inArray(events.seriesId, ids)))
      .orderBy(asc(events.startDate), asc(events.id)),
    selectEvents(db)
      .where(and(where, inArray(events.seriesId, ids), eq(events.detached, true)))
      .orderBy(asc(events.startDate), asc(events.id)),
  ]);
  return rules.map(({ series, category }) => {
    const own = occurrences.filter((o) => o.seriesId === series.id);
    const starts = new Set(own.map((o) => o.start));
    return {
      id: series.id,
      rrule: series.rrule,
      startsLocal: series.startsLocal,
      timeZone: series.timeZone,
      durationMinutes: series.durationMinutes,
      title: series.title,
      description: series.description,
      location: series.location,
      category,
      updatedAt: series.updatedAt.toISOString(),
      link: own[0] ?? { id: series.id, slug: null },
      exdates: ruleCandidates(series).filter((start) => !starts.has(start)),
      moved: moved
        .filter((row) => row.seriesId === series.id && row.occurrenceStart)
        .map((row) => ({ occurrenceStart: row.occurrenceStart!, event: toDto(row) })),
    };
  });
}

/** The terms, half-terms and closures that overlap the window, of the school and the branches asked for. */
async function datesInFeed(db: Db, branches: string[] | undefined, now: number) {
  const { from, to } = schoolYearAround(now);
  const [first, last] = [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)];
  const dates = await listSchoolDates(db);
  return dates.filter(
    (d) => d.ends_on >= first && d.starts_on <= last && (!branches || d.branch === null || branches.includes(d.branch)),
  );
}

export async function calendarContent(db: Db, reach: CalendarReach): Promise<CalendarContent> {
  const now = reach.now ?? Date.now();
  const where = and(
    reach.shown,
    reach.branch === undefined ? undefined : or(isNull(events.branch), eq(events.branch, reach.branch)),
  );
  const dateBranches = reach.branch !== undefined ? [reach.branch] : reach.dateBranches;
  const eventsList = await singleEvents(db, where, now);
  const [series, dates] = await Promise.all([seriesInFeed(db, where, now), datesInFeed(db, dateBranches, now)]);
  return { events: eventsList, series, dates };
}
