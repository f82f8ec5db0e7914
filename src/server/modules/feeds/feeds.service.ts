import { setImmediate } from 'node:timers/promises';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { EventDto } from '../events/events.service.ts';
import { fromDatetimeLocal } from '../../../shared/dates.ts';
import type { SchoolDate } from '../../../shared/school-year.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import { eventUrl } from './site-feeds.ts';

/** RFC 5545 text escaping and 75-octet line folding. */
export const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
export const icsDate = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
export function fold(line: string): string {
  if (line.length <= 25 || Buffer.byteLength(line) <= 75) return line;
  const bytes = Buffer.from(line);
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (parts.length ? 74 : 75), bytes.length);
    // Never split a UTF-8 sequence.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString());
    start = end;
  }
  return parts.join('\r\n ');
}

/** A repeating event as a feed carries it once: its rule, the starts it skips, its moved occurrences. */
export interface SeriesInFeed {
  id: number;
  rrule: string;
  /** The first start, 'YYYY-MM-DDTHH:mm' on the clock of `timeZone`. */
  startsLocal: string;
  timeZone: string;
  durationMinutes: number | null;
  title: string;
  description: string;
  location: string;
  category: string | null;
  updatedAt: string;
  /** The page an occurrence links to: the first one in the feed. */
  link: Pick<EventDto, 'id' | 'slug'>;
  /** Starts the rule gives that have no occurrence (removed, a closure, outside term time). */
  exdates: string[];
  /** Occurrences edited on their own, by the start the rule gave them. */
  moved: { occurrenceStart: string; event: EventDto }[];
}

/** What a calendar feed holds: single events, repeating ones, and the school year's dates. */
export interface CalendarContent {
  events: EventDto[];
  series: SeriesInFeed[];
  dates: SchoolDate[];
}

/** 'YYYY-MM-DDTHH:mm' as an iCalendar local date-time. */
const icsLocal = (local: string) => `${local.slice(0, 16).replace(/[-:]/g, '')}00`;
const icsDay = (day: string) => day.replace(/-/g, '');
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const addMinutes = (local: string, minutes: number) =>
  new Date(Date.parse(`${local.slice(0, 16)}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

/** The VTIMEZONE of `zone` and the TZID it names (Etc/UTC for UTC), or null for a zone the library lacks. */
function vtimezone(zone: string): { block: string; tzid: string } | null {
  const found = tzlib_get_ical_block(zone);
  if (!Array.isArray(found) || !found[0] || !found[1]) return null;
  return { block: found[0], tzid: found[1].replace(/^TZID=/, '') };
}

/**
 * The stored rule as the feed writes it. An UNTIL without Z is a wall-clock time (as the series
 * reads it); beside a DTSTART with TZID, RFC 5545 wants UNTIL in UTC: that instant.
 */
export function feedRule(rrule: string, timeZone: string): string {
  const rule = rrule.replace(/^RRULE:/i, '').trim();
  return rule.replace(
    /UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?(?=;|$)/i,
    (_, y, mo, d, h = '23', mi = '59', s = '59') => {
      const instant = Date.parse(fromDatetimeLocal(`${y}-${mo}-${d}T${h}:${mi}`, timeZone)) + Number(s) * 1000;
      return `UNTIL=${icsDate(new Date(instant).toISOString())}`;
    },
  );
}

const lines = (parts: (string | false)[]) =>
  parts
    .filter((p): p is string => p !== false)
    .map(fold)
    .join('\r\n');

function eventFields(
  origin: string,
  e: Omit<SeriesInFeed, 'id' | 'rrule' | 'startsLocal' | 'timeZone' | 'durationMinutes' | 'link' | 'exdates' | 'moved'>,
  link: Pick<EventDto, 'id' | 'slug'>,
) {
  return [
    `SUMMARY:${icsText(e.title)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `LOCATION:${icsText(e.location)}`,
    `URL:${eventUrl(origin, link)}`,
    `CATEGORIES:${icsText(e.category ?? '')}`,
    'STATUS:CONFIRMED',
    `LAST-MODIFIED:${icsDate(e.updatedAt)}`,
  ];
}

const HOUR = 60 * 60 * 1000;

/** A single event, or (`recurrence`) a moved occurrence of a series. */
function icsEvent(origin: string, host: string, stamp: string, e: EventDto, recurrence?: { uid: string; id: string }): string {
  const end = e.end_date ?? new Date(Date.parse(e.start_date) + HOUR).toISOString();
  return lines([
    'BEGIN:VEVENT',
    `UID:${recurrence?.uid ?? `event-${e.id}@${host}`}`,
    `DTSTAMP:${stamp}`,
    recurrence ? `RECURRENCE-ID;${recurrence.id}` : false,
    `DTSTART:${icsDate(e.start_date)}`,
    `DTEND:${icsDate(end)}`,
    ...eventFields(origin, { ...e, category: e.category, updatedAt: e.updated_at }, e),
    'END:VEVENT',
  ]);
}

/** A repeating event once (RRULE, EXDATE), then its moved occurrences with the same UID (RECURRENCE-ID). */
function icsSeries(origin: string, host: string, stamp: string, s: SeriesInFeed, tzid: string | null): string {
  const uid = `series-${s.id}@${host}`;
  // A zone the library does not know (never among the validated ones): the starts in UTC.
  const at = (local: string) => (tzid ? `;TZID=${tzid}:${icsLocal(local)}` : `:${icsDate(fromDatetimeLocal(local, s.timeZone))}`);
  const end = addMinutes(s.startsLocal, s.durationMinutes ?? 60);
  const master = lines([
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART${at(s.startsLocal)}`,
    `DTEND${at(end)}`,
    `RRULE:${feedRule(s.rrule, s.timeZone)}`,
    s.exdates.length > 0 &&
      (tzid
        ? `EXDATE;TZID=${tzid}:${s.exdates.map(icsLocal).join(',')}`
        : `EXDATE:${s.exdates.map((d) => icsDate(fromDatetimeLocal(d, s.timeZone))).join(',')}`),
    ...eventFields(origin, s, s.link),
    'END:VEVENT',
  ]);
  const moved = s.moved.map((m) => icsEvent(origin, host, stamp, m.event, { uid, id: at(m.occurrenceStart).slice(1) }));
  return [master, ...moved].join('\r\n');
}

const DATE_KINDS: Record<SchoolDate['kind'], string> = {
  term: 'Term',
  half_term: 'Half-term',
  closure: 'Closed',
};

/** A term, half-term or closure as an all-day event (DTEND: the day after the last). */
function icsSchoolDate(host: string, stamp: string, d: SchoolDate): string {
  const summary = d.kind === 'closure' && !/closed|closure/i.test(d.name) ? `Closed: ${d.name}` : d.name;
  return lines([
    'BEGIN:VEVENT',
    `UID:school-date-${d.id}@${host}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDay(d.starts_on)}`,
    `DTEND;VALUE=DATE:${icsDay(nextDay(d.ends_on))}`,
    `SUMMARY:${icsText(d.branch ? `${summary} (${d.branch})` : summary)}`,
    `CATEGORIES:${DATE_KINDS[d.kind]}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ]);
}

/** Events written between yields to the event loop: a long calendar never holds it for long. */
const ICS_EVENTS_PER_TURN = 100;

export async function icsCalendar(
  origin: string,
  school: SchoolProfile,
  content: CalendarContent | EventDto[],
  name = `${school.name} events`,
): Promise<string> {
  const { events, series, dates } = Array.isArray(content) ? { events: content, series: [], dates: [] } : content;
  const host = new URL(origin).host;
  const stamp = icsDate(new Date().toISOString());
  const zones = new Map([...new Set(series.map((s) => s.timeZone))].map((zone) => [zone, vtimezone(zone)]));
  const parts = [
    lines([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:-//${icsText(school.name)}//Sprout//EN`,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${icsText(name)}`,
      `X-WR-TIMEZONE:${school.timezone}`,
    ]),
    ...[...zones.values()].flatMap((zone) => (zone ? [zone.block] : [])),
  ];
  for (let i = 0; i < events.length; i++) {
    if (i > 0 && i % ICS_EVENTS_PER_TURN === 0) await setImmediate();
    parts.push(icsEvent(origin, host, stamp, events[i]!));
  }
  for (const s of series) parts.push(icsSeries(origin, host, stamp, s, zones.get(s.timeZone)?.tzid ?? null));
  for (const d of dates) parts.push(icsSchoolDate(host, stamp, d));
  parts.push('END:VCALENDAR');
  return parts.join('\r\n') + '\r\n';
}

const YEAR = 365 * 24 * 60 * 60 * 1000;

/** The school year around today, whenever it starts: the past twelve months and the next twelve. */
export const schoolYearAround = (now = Date.now()) => ({ from: new Date(now - YEAR), to: new Date(now + YEAR) });

/**
 * Single events in /events.ics at most: a year of a busy school, and a bound on the feed (~0.5 KB
 * an event, ~6 KB with the longest texts) however many are entered. A repeating event is one entry.
 */
export const ICS_MAX_EVENTS = 1000;
