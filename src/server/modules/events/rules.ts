import { createRequire } from 'node:module';
import { readRule, untilLocal, type RuleParts, type Weekday } from '../../../shared/repeat-rule.ts';
import { badRequest } from '../../errors.ts';

// rrule ships a CommonJS build as its main entry and no `exports` map: Node's ESM loader sees only
// its default export, so it is required (the same in tsx, vitest and the compiled server).
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

/** How far after its first date a repeating event may still fall (a rule must end). */
export const MAX_RULE_YEARS = 5;
/** More dates than this in one year is not a school's calendar. */
export const MAX_PER_YEAR = 1000;

const FREQ = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY } as const;
const DAY = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU };
const weekday = (d: Weekday) => DAY[d];

/** 'YYYY-MM-DDTHH:mm' as a floating instant: the wall clock read as UTC (the rule runs on the wall clock). */
const floating = (local: string) => new Date(`${local.slice(0, 16)}:00Z`);
const localOf = (d: Date) => d.toISOString().slice(0, 16);

const ruleError = (message: string) => badRequest(message, { fields: { rrule: message } });

/** Reads a rule, or a 400 naming what Sprout does not read. */
export function parseRule(rrule: string): RuleParts {
  const read = readRule(rrule);
  if ('error' in read) throw ruleError(read.error);
  return read.parts;
}

/** The year MAX_RULE_YEARS after a wall-clock start. */
const lastAllowed = (startsLocal: string) => `${Number(startsLocal.slice(0, 4)) + MAX_RULE_YEARS}${startsLocal.slice(4, 16)}`;

function expand(parts: RuleParts, startsLocal: string, timeZone: string | undefined, bound: string) {
  const until = parts.until ? untilLocal(parts.until, timeZone ?? 'UTC') : null;
  const options = {
    freq: FREQ[parts.freq],
    interval: parts.interval,
    byweekday: parts.byDay.length ? parts.byDay.map((d) => (d.n ? weekday(d.day).nth(d.n) : weekday(d.day))) : null,
    bymonthday: parts.byMonthDay.length ? parts.byMonthDay : null,
    bysetpos: parts.bySetPos.length ? parts.bySetPos : null,
    wkst: parts.wkst ? weekday(parts.wkst) : null,
    count: parts.count,
    dtstart: floating(startsLocal),
  };
  const dates = new RRule({ ...options, until: floating(until && until < bound ? until : bound) }).all().map(localOf);
  // Whether the rule goes on past the bound (a COUNT too many for it).
  const more = !until && !!new RRule(options).after(floating(bound), false);
  return { dates, more };
}

const cache = new Map<string, string[]>();

/**
 * Every wall-clock start ('YYYY-MM-DDTHH:mm') the rule gives from `startsLocal`, sorted: before
 * exdates, term time and closures (series.service.ts). `timeZone` reads a UTC UNTIL on the wall
 * clock (series rows carry it). Never past MAX_RULE_YEARS.
 */
export function ruleCandidates(series: { rrule: string; startsLocal: string; timeZone?: string }): string[] {
  const key = `${series.rrule}|${series.startsLocal}|${series.timeZone ?? ''}`;
  let dates = cache.get(key);
  if (!dates) {
    const parts = readRule(series.rrule);
    if ('error' in parts) return [];
    dates = expand(parts.parts, series.startsLocal, series.timeZone, lastAllowed(series.startsLocal)).dates;
    if (cache.size > 500) cache.clear();
    cache.set(key, dates);
  }
  return [...dates];
}

/**
 * A rule checked before it is saved: read strictly, ending within MAX_RULE_YEARS of its start,
 * giving some date, and at most MAX_PER_YEAR a year. Returns its dates.
 */
export function checkRule(rrule: string, startsLocal: string, timeZone: string): string[] {
  const parts = parseRule(rrule);
  const bound = lastAllowed(startsLocal);
  if (parts.until && untilLocal(parts.until, timeZone) > `${bound.slice(0, 10)}T23:59`)
    throw ruleError(`A repeating event may run for at most ${MAX_RULE_YEARS} years: choose an earlier end date.`);
  const { dates, more } = expand(parts, startsLocal, timeZone, bound);
  if (!dates.length) throw ruleError('The repeat rule gives no date on or after the start: check its days and its end.');
  if (more) throw ruleError(`A repeating event may run for at most ${MAX_RULE_YEARS} years: repeat it fewer times.`);
  const perYear = new Map<string, number>();
  for (const d of dates) perYear.set(d.slice(0, 4), (perYear.get(d.slice(0, 4)) ?? 0) + 1);
  if ([...perYear.values()].some((n) => n > MAX_PER_YEAR))
    throw ruleError(`The repeat rule gives more than ${MAX_PER_YEAR.toLocaleString('en')} dates in a year.`);
  return dates;
}
