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

/**
 * Texts formatted so far, and in the browser those the server rendered, handed over with the
 * page's data: hydration then formats no date itself (a browser's first Intl.DateTimeFormat for a
 * timezone costs ~25 ms on a phone, right when the page should answer taps), and a server render
 * formats each date once. Keys are `style|timezone|instant`.
 */
const known = new Map<string, string>();
/** Dates remembered at most, before starting again (a school's events and posts: a few thousand). */
const KNOWN_MAX = 10_000;
let recording: Record<string, string> | null = null;

/** Server: collects every date text formatted until the returned function is called. */
export function recordDateTexts(): () => Record<string, string> {
  const texts: Record<string, string> = {};
  recording = texts;
  return () => {
    if (recording === texts) recording = null;
    return texts;
  };
}

/** Browser: the texts the server rendered (see recordDateTexts). */
export function seedDateTexts(texts: unknown) {
  if (!texts || typeof texts !== 'object') return;
  for (const [key, text] of Object.entries(texts)) if (typeof text === 'string') known.set(key, text);
}

const STYLES = {
  short: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  weekday: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  weekdayTime: { weekday: 'short', hour: 'numeric', minute: '2-digit' },
  dateTime: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function format(style: keyof typeof STYLES, value: string | Date, timeZone: string): string {
  const key = `${style}|${timeZone}|${typeof value === 'string' ? value : value.toISOString()}`;
  let text = known.get(key);
  if (text === undefined) {
    text = formatter(timeZone, STYLES[style]).format(toDate(value));
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(key, text);
  }
  if (recording) recording[key] = text;
  return text;
}

/** 'Nov 21, 2026' (§2: short month, day, year). */
export const formatShortDate = (value: string | Date, timeZone: string) => format('short', value, timeZone);

/** 'November 21, 2026' (blog post detail: long-form date). */
export const formatLongDate = (value: string | Date, timeZone: string) => format('long', value, timeZone);

/** 'Saturday, November 21, 2026' (staff event detail: long weekday format). */
export const formatWeekdayDate = (value: string | Date, timeZone: string) => format('weekday', value, timeZone);

/** '9:30 AM'. */
export const formatTime = (value: string | Date, timeZone: string) => format('time', value, timeZone);

/**
 * When something scheduled goes live (issue 34): 'Mon 8:00 AM' within the coming week,
 * 'Mon, Dec 7, 8:00 AM' further off.
 */
export function formatScheduledFor(value: string | Date, timeZone: string, now: number = Date.now()): string {
  const soon = toDate(value).getTime() - now < 6 * 24 * 3600_000;
  return format(soon ? 'weekdayTime' : 'dateTime', value, timeZone);
}

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

/** Years a school's dates fall in; PostgreSQL refuses year 0 and negative years outright. */
export const isPlausibleYear = (year: number) => year >= 1900 && year <= 2999;

/**
 * §9: the wizard's timezone options, offered first; any other zone may be chosen too (issue 31).
 * Here, not beside the install's schemas: the back office's time-zone field would build those too.
 */
export const TIMEZONES = ['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Asia/Tokyo'] as const;

/** Is this an IANA time zone name the runtime knows (what every page formats dates with)? */
export function isTimeZone(name: string): boolean {
  if (name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
