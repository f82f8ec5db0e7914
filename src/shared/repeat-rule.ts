/**
 * Issue 34: the repeat rules Sprout reads, as RFC 5545 RRULE values, read and written without a
 * library (the public pages show a rule in words and must not bundle rrule or zod). The server
 * expands them with `rrule` (server/modules/events/rules.ts); this file only says what a rule is.
 */
import { fromDatetimeLocal, toDatetimeLocal } from './dates.ts';

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
export const RULE_FREQS = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type RuleFreq = (typeof RULE_FREQS)[number];

/** A rule's parts. `until` as written: 'YYYYMMDD', 'YYYYMMDDTHHMMSS' (wall clock) or '...Z' (UTC). */
export interface RuleParts {
  freq: RuleFreq;
  interval: number;
  byDay: { n: number | null; day: Weekday }[];
  byMonthDay: number[];
  bySetPos: number[];
  until: string | null;
  count: number | null;
  wkst: Weekday | null;
}

const KNOWN_PARTS = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'UNTIL', 'COUNT', 'WKST'] as const;
const FASTER = ['HOURLY', 'MINUTELY', 'SECONDLY'];

const intList = (value: string, min: number, max: number) => {
  const list = value.split(',').map((v) => (/^[+-]?\d{1,3}$/.test(v) ? Number(v) : NaN));
  return list.every((n) => Number.isInteger(n) && n !== 0 && n >= min && n <= max) ? list : null;
};

/** Reads an RRULE value ("FREQ=WEEKLY;BYDAY=TU;UNTIL=20270718T225959Z"); an error names the part. */
export function readRule(text: string): { parts: RuleParts } | { error: string } {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body) return { error: 'The repeat rule is empty.' };
  const seen = new Map<string, string>();
  for (const piece of body.split(';')) {
    const [name = '', value, ...rest] = piece.split('=');
    const part = name.trim().toUpperCase();
    if (!(KNOWN_PARTS as readonly string[]).includes(part))
      return { error: `The repeat rule has a part Sprout does not read: ${part || piece}.` };
    if (value === undefined || rest.length || !value.trim()) return { error: `The repeat rule's ${part} has no value.` };
    if (seen.has(part)) return { error: `The repeat rule gives ${part} twice.` };
    seen.set(part, value.trim().toUpperCase());
  }
  const freq = seen.get('FREQ');
  if (!freq) return { error: 'The repeat rule needs a FREQ: DAILY, WEEKLY or MONTHLY.' };
  if (FASTER.includes(freq))
    return { error: `FREQ=${freq} would give more than 1,000 dates a year: Sprout repeats events daily at most.` };
  if (!(RULE_FREQS as readonly string[]).includes(freq))
    return { error: `The repeat rule's FREQ must be DAILY, WEEKLY or MONTHLY, not ${freq}.` };
  const parts: RuleParts = {
    freq: freq as RuleFreq,
    interval: 1,
    byDay: [],
    byMonthDay: [],
    bySetPos: [],
    until: null,
    count: null,
    wkst: null,
  };
  for (const [part, value] of seen) {
    const bad = { error: `The repeat rule's ${part} is not valid: ${value}.` };
    switch (part) {
      case 'INTERVAL':
      case 'COUNT': {
        if (!/^\d{1,4}$/.test(value) || Number(value) < 1) return bad;
        parts[part === 'COUNT' ? 'count' : 'interval'] = Number(value);
        break;
      }
      case 'BYDAY': {
        for (const item of value.split(',')) {
          const m = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
          if (!m) return bad;
          const n = m[1] ? Number(m[1]) : null;
          if (n !== null && (n === 0 || Math.abs(n) > 5)) return bad;
          parts.byDay.push({ n, day: m[2] as Weekday });
        }
        break;
      }
      case 'BYMONTHDAY':
      case 'BYSETPOS': {
        const list = intList(value, -31, 31);
        if (!list) return bad;
        parts[part === 'BYMONTHDAY' ? 'byMonthDay' : 'bySetPos'] = list;
        break;
      }
      case 'UNTIL':
        if (!/^\d{8}(T\d{6}Z?)?$/.test(value) || Number.isNaN(Date.parse(isoOfUntil(value)))) return bad;
        parts.until = value;
        break;
      case 'WKST':
        if (!(WEEKDAYS as readonly string[]).includes(value)) return bad;
        parts.wkst = value as Weekday;
        break;
    }
  }
  if (parts.freq !== 'MONTHLY') {
    if (parts.byMonthDay.length) return { error: 'BYMONTHDAY is read only with FREQ=MONTHLY.' };
    if (parts.byDay.some((d) => d.n !== null)) return { error: 'A numbered BYDAY (such as 1FR) is read only with FREQ=MONTHLY.' };
  }
  if (parts.bySetPos.length && !parts.byDay.length && !parts.byMonthDay.length)
    return { error: 'BYSETPOS needs a BYDAY or BYMONTHDAY to pick from.' };
  if (parts.until && parts.count) return { error: 'The repeat rule gives both UNTIL and COUNT: keep one.' };
  if (!parts.until && !parts.count)
    return { error: 'The repeat rule must end: give an end date (UNTIL) or a number of times (COUNT).' };
  return { parts };
}

/** The parts written back as an RRULE value, in one order. */
export function writeRule(p: RuleParts): string {
  const out = [`FREQ=${p.freq}`];
  if (p.interval !== 1) out.push(`INTERVAL=${p.interval}`);
  if (p.byDay.length) out.push(`BYDAY=${p.byDay.map((d) => `${d.n ?? ''}${d.day}`).join(',')}`);
  if (p.byMonthDay.length) out.push(`BYMONTHDAY=${p.byMonthDay.join(',')}`);
  if (p.bySetPos.length) out.push(`BYSETPOS=${p.bySetPos.join(',')}`);
  if (p.wkst) out.push(`WKST=${p.wkst}`);
  if (p.until) out.push(`UNTIL=${p.until}`);
  if (p.count) out.push(`COUNT=${p.count}`);
  return out.join(';');
}

const isoOfUntil = (u: string) =>
  `${u.slice(0, 4)}-${u.slice(4, 6)}-${u.slice(6, 8)}T${u.length > 8 ? `${u.slice(9, 11)}:${u.slice(11, 13)}:${u.slice(13, 15)}` : '23:59:59'}${u.endsWith('Z') ? 'Z' : ''}`;

/** UNTIL as the school's wall clock 'YYYY-MM-DDTHH:mm' (a date alone: the end of that day). */
export function untilLocal(until: string, timeZone: string): string {
  const iso = isoOfUntil(until);
  return until.endsWith('Z') ? toDatetimeLocal(iso, timeZone) : iso.slice(0, 16);
}

/** The end of a wall-clock day as UNTIL in UTC, the form calendar apps expect beside DTSTART;TZID. */
export function untilOfDay(day: string, timeZone: string): string {
  return utcUntil(new Date(Date.parse(fromDatetimeLocal(`${day}T23:59`, timeZone)) + 59_000));
}

/** An instant as UNTIL ('20270718T225959Z'). */
export const utcUntil = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** What the back office's Repeats section says, and POST /api/events' `repeat`. */
export interface Repeat {
  freq: 'daily' | 'weekly' | 'monthly';
  interval: number;
  /** Weekly: the days (none: the start's weekday). */
  weekdays?: Weekday[];
  /** Monthly: on the start's date (the 15th), or on its weekday of the month (the first Friday; the fifth: last). */
  monthlyBy?: 'date' | 'weekday';
  /** The last day it may fall on ('YYYY-MM-DD'), or after how many times. */
  until?: string | null;
  count?: number | null;
  termTime: boolean;
}

/** 'YYYY-MM-DD...' -> its weekday. */
export const weekdayOf = (local: string): Weekday => WEEKDAYS[(new Date(`${local.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The week of the month a date's weekday falls in: 1-4, or -1 for the last (a fifth one). */
export const weekOfMonth = (local: string) => {
  const n = Math.ceil(Number(local.slice(8, 10)) / 7);
  return n > 4 ? -1 : n;
};

/** A Repeat as the rule it means, starting at `startsLocal`. */
export function ruleOfRepeat(repeat: Repeat, startsLocal: string, timeZone: string): string {
  const day = weekdayOf(startsLocal);
  const parts: RuleParts = {
    freq: repeat.freq === 'daily' ? 'DAILY' : repeat.freq === 'weekly' ? 'WEEKLY' : 'MONTHLY',
    interval: repeat.interval,
    byDay: [],
    byMonthDay: [],
    bySetPos: [],
    until: repeat.until ? untilOfDay(repeat.until, timeZone) : null,
    count: repeat.until ? null : (repeat.count ?? null),
    wkst: null,
  };
  if (repeat.freq === 'weekly') {
    const days = repeat.weekdays?.length ? repeat.weekdays : [day];
    parts.byDay = WEEKDAYS.filter((d) => days.includes(d)).map((d) => ({ n: null, day: d }));
  }
  if (repeat.freq === 'monthly') {
    if (repeat.monthlyBy === 'weekday') parts.byDay = [{ n: weekOfMonth(startsLocal), day }];
    else parts.byMonthDay = [Number(startsLocal.slice(8, 10))];
  }
  return writeRule(parts);
}

/** A rule as the Repeats section shows it, or null when the form cannot say it (a rule sent through the API). */
export function repeatOfRule(rrule: string, timeZone: string, termTime: boolean): Repeat | null {
  const read = readRule(rrule);
  if ('error' in read) return null;
  const p = read.parts;
  if (p.bySetPos.length || p.byMonthDay.length > 1 || (p.freq !== 'WEEKLY' && p.byDay.length > 1)) return null;
  if (p.freq === 'DAILY' && p.byDay.length) return null;
  if (p.freq === 'MONTHLY' && p.byDay.some((d) => d.n === null)) return null;
  const until = p.until ? untilLocal(p.until, timeZone).slice(0, 10) : null;
  return {
    freq: p.freq === 'DAILY' ? 'daily' : p.freq === 'WEEKLY' ? 'weekly' : 'monthly',
    interval: p.interval,
    weekdays: p.freq === 'WEEKLY' ? p.byDay.map((d) => d.day) : undefined,
    monthlyBy: p.freq === 'MONTHLY' ? (p.byDay.length ? 'weekday' : 'date') : undefined,
    until,
    count: p.count,
    termTime,
  };
}
