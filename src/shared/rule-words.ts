/**
 * Issue 34: a repeat rule in words, as the event pages show it ("Every Tuesday in term time until
 * July 18, 2027"). Pure: no rrule, no zod (the public bundle uses it).
 */
import { readRule, untilLocal, WEEKDAY_NAMES as DAY_NAMES, weekdayOf, WEEKDAYS, type RuleParts } from './repeat-rule.ts';

/** The months' names, January first (the public pages' day texts use them too). */
export const MONTHS = 'January February March April May June July August September October November December'.split(' ');
const ORDINALS: Record<number, string> = { 1: 'First', 2: 'Second', 3: 'Third', 4: 'Fourth', 5: 'Fifth', [-1]: 'Last' };
const ORDINALS_BACK: Record<number, string> = { [-2]: 'Second to last' };

/** 'a, b and c'. */
const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** 1 -> '1st', 22 -> '22nd', -1 -> 'last day'. */
export function nth(n: number): string {
  if (n === -1) return 'last day';
  if (n < 0) return `${-n}${suffix(-n)} last day`;
  return `${n}${suffix(n)}`;
}
const suffix = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'));

/** '2027-07-18' -> 'July 18, 2027' (the site's en-US dates). */
export const dayInWords = (day: string) =>
  `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;

const every = (interval: number, one: string, many: string) => (interval === 1 ? `every ${one}` : `every ${interval} ${many}`);

function weeklyWords(p: RuleParts, startsLocal: string): string {
  const days = p.byDay.length ? p.byDay.map((d) => d.day) : [weekdayOf(startsLocal)];
  const sorted = WEEKDAYS.filter((d) => days.includes(d));
  const names = sorted.join() === 'MO,TU,WE,TH,FR' ? 'weekday' : list(sorted.map((d) => DAY_NAMES[d]));
  return p.interval === 1 ? `Every ${names}` : `Every ${p.interval} weeks on ${names}`;
}

function monthlyWords(p: RuleParts, startsLocal: string): string {
  const months = every(p.interval, 'month', 'months');
  const position =
    p.byDay.find((d) => d.n !== null)?.n ?? (p.byDay.length === 1 && p.bySetPos.length === 1 ? p.bySetPos[0] : undefined);
  if (position !== undefined && p.byDay.length === 1) {
    const which = ORDINALS[position] ?? ORDINALS_BACK[position] ?? `${nth(position)}`;
    return `${which} ${DAY_NAMES[p.byDay[0]!.day]} of ${months}`;
  }
  if (p.byDay.length)
    return `${list(p.byDay.map((d) => DAY_NAMES[d.day]))} ${p.bySetPos.length ? 'on chosen weeks ' : ''}of ${months}`;
  const days = p.byMonthDay.length ? p.byMonthDay : [Number(startsLocal.slice(8, 10))];
  return `${months[0]!.toUpperCase()}${months.slice(1)} on the ${list(days.map(nth))}`;
}

/** The rule in words; '' for a rule Sprout does not read. */
export function ruleWords(series: { rrule: string; startsLocal: string; termTime: boolean }, timeZone: string): string {
  const read = readRule(series.rrule);
  if ('error' in read) return '';
  const p = read.parts;
  let words =
    p.freq === 'DAILY'
      ? `${p.interval === 1 ? 'Every day' : `Every ${p.interval} days`}`
      : p.freq === 'WEEKLY'
        ? weeklyWords(p, series.startsLocal)
        : monthlyWords(p, series.startsLocal);
  if (series.termTime) words += ' in term time';
  if (p.until) words += ` until ${dayInWords(untilLocal(p.until, timeZone))}`;
  else if (p.count) words += p.count === 1 ? ', once' : `, ${p.count} times`;
  return words;
}
