import { formatShortDate, formatTime } from '#shared/dates.ts';

/** "on Nov 21, 2026 at 9:30 AM" in the school's time zone (DESIGN §3), or '' for no date. */
export const whenIn =
  (timeZone: string) =>
  (iso: string | null): string =>
    iso ? `on ${formatShortDate(iso, timeZone)} at ${formatTime(iso, timeZone)}` : '';
