/**
 * Whole days of the school year ('YYYY-MM-DD', already on the school's clock) in words, without
 * Intl: the same text on the server and in every browser.
 */
import { MONTHS } from '../../../shared/rule-words.ts';
import { WEEKDAY_NAMES, WEEKDAYS as RULE_WEEKDAYS, weekdayOf as weekdayCode } from '../../../shared/repeat-rule.ts';

/** Monday first, as the month's table (repeat-rule.ts names the days). */
export const WEEKDAYS = RULE_WEEKDAYS.map((d) => WEEKDAY_NAMES[d]);

const partsOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};

/** 0 for Monday to 6 for Sunday. */
export const weekdayOf = (day: string) => RULE_WEEKDAYS.indexOf(weekdayCode(day));

/** "Tue, Sep 1, 2026" (the site's short dates, as formatShortDate); `year: false` leaves the year out. */
export function dayInWords(day: string, year = true): string {
  const { y, m, d } = partsOf(day);
  return `${WEEKDAYS[weekdayOf(day)]!.slice(0, 3)}, ${MONTHS[m - 1]!.slice(0, 3)} ${d}${year ? `, ${y}` : ''}`;
}

/** "Tue, Sep 1 – Fri, Dec 18, 2026", or one day. */
export function daysInWords(first: string, last: string): string {
  if (first === last) return dayInWords(first);
  return `${dayInWords(first, first.slice(0, 4) !== last.slice(0, 4))} – ${dayInWords(last)}`;
}

/** "December 2026" of 'YYYY-MM'. */
export const monthInWords = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The month before or after 'YYYY-MM'. */
export function monthAfter(month: string, by: 1 | -1): string {
  const { y, m } = partsOf(`${month}-01`);
  const at = new Date(Date.UTC(y, m - 1 + by, 1));
  return at.toISOString().slice(0, 7);
}
