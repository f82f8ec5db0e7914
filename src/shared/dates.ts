/**
 * Dates are stored in UTC and shown in the school's timezone (DESIGN §3), the same on the server
 * and in the browser, so server rendering and hydration agree. Built on Intl only.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = timeZone + JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** 'Nov 21, 2026' (§2: short month, day, year). */
export const formatShortDate = (value: string | Date, timeZone: string) =>
  formatter(timeZone, { month: 'short', day: 'numeric', year: 'numeric' }).format(toDate(value));

/** 'November 21, 2026' (blog post detail: long-form date). */
export const formatLongDate = (value: string | Date, timeZone: string) =>
  formatter(timeZone, { month: 'long', day: 'numeric', year: 'numeric' }).format(toDate(value));

/** 'Saturday, November 21, 2026' (staff event detail: long weekday format). */
export const formatWeekdayDate = (value: string | Date, timeZone: string) =>
  formatter(timeZone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(toDate(value));

/** '9:30 AM'. */
export const formatTime = (value: string | Date, timeZone: string) =>
  formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(toDate(value));

/** 'Nov 21, 2026 - Nov 23, 2026', or one date when there is no end or it is the same day. */
export function formatDateRange(start: string | Date, end: string | Date | null | undefined, timeZone: string): string {
  const from = formatShortDate(start, timeZone);
  if (!end) return from;
  const to = formatShortDate(end, timeZone);
  return from === to ? from : `${from} - ${to}`;
}

/** The wall-clock parts of an instant in a timezone. */
function wallClock(date: Date, timeZone: string) {
  const parts = formatter(timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** ISO instant -> 'YYYY-MM-DDTHH:mm' as the school's clock shows it (for datetime-local inputs). */
export function toDatetimeLocal(value: string | Date, timeZone: string): string {
  const w = wallClock(toDate(value), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** 'YYYY-MM-DDTHH:mm' read on the school's clock -> ISO instant (UTC). */
export function fromDatetimeLocal(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) throw new Error(`Not a date and time: ${local}`);
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Offset of the zone at that moment; a second pass settles times near a DST change.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += asUtc - shown;
  }
  return new Date(guess).toISOString();
}
