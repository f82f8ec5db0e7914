import type { EventStatus } from './schemas/event.ts';

/**
 * Event status follows the clock (issue 31). The stored status is what staff chose, as a floor on
 * the way upcoming → ongoing → completed: the dates move an event along it, staff can only move it
 * further (Completed early, Ongoing before the start), never back. So "upcoming" stored means "from
 * the dates" (a new event's default), and an event that has ended is Completed whatever was stored.
 * An event without an end is over once it starts (the events order's rule: coalesce(end, start)).
 */
const RANK: Record<EventStatus, number> = { upcoming: 0, ongoing: 1, completed: 2 };

const time = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** The status the dates alone give at `now`. */
export function statusFromDates(start: string | Date, end: string | Date | null, now = Date.now()): EventStatus {
  const ends = end ? time(end) : time(start);
  if (ends < now) return 'completed';
  return time(start) <= now ? 'ongoing' : 'upcoming';
}

/** What parents and staff see: the further of the stored status and the dates' one. */
export function effectiveStatus(stored: string, start: string | Date, end: string | Date | null, now = Date.now()): EventStatus {
  const fromDates = statusFromDates(start, end, now);
  const chosen = (stored in RANK ? stored : 'upcoming') as EventStatus;
  return RANK[chosen] > RANK[fromDates] ? chosen : fromDates;
}
