import { describe, expect, it } from 'vitest';
import {
  formatDateRange,
  formatShortDate,
  formatTime,
  fromDatetimeLocal,
  recordDateTexts,
  seedDateTexts,
  toDatetimeLocal,
} from './dates.ts';

describe('dates in the school timezone', () => {
  it('reads a datetime-local value on the school clock', () => {
    expect(fromDatetimeLocal('2026-12-01T09:30', 'Asia/Kolkata')).toBe('2026-12-01T04:00:00.000Z');
    expect(fromDatetimeLocal('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
    expect(fromDatetimeLocal('2026-01-15T09:30', 'America/New_York')).toBe('2026-01-15T14:30:00.000Z');
    expect(fromDatetimeLocal('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('round-trips through toDatetimeLocal', () => {
    for (const tz of ['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Asia/Tokyo']) {
      expect(toDatetimeLocal(fromDatetimeLocal('2026-10-25T18:45', tz), tz)).toBe('2026-10-25T18:45');
    }
  });

  it('shows the date the school sees, not the server’s', () => {
    // 20:00 UTC on Nov 30 is already Dec 1 in Tokyo.
    expect(formatShortDate('2026-11-30T20:00:00Z', 'Asia/Tokyo')).toBe('Dec 1, 2026');
    expect(formatShortDate('2026-11-30T20:00:00Z', 'Europe/London')).toBe('Nov 30, 2026');
    expect(formatDateRange('2026-11-30T20:00:00Z', '2026-12-02T10:00:00Z', 'Europe/London')).toBe('Nov 30, 2026 - Dec 2, 2026');
    expect(formatDateRange('2026-11-30T09:00:00Z', '2026-11-30T12:00:00Z', 'Europe/London')).toBe('Nov 30, 2026');
  });

  it('hands the texts a server render formatted to the browser, which reuses them', () => {
    const stop = recordDateTexts();
    expect(formatDateRange('2026-11-21T04:00:00.000Z', '2026-11-23T04:00:00.000Z', 'Asia/Kolkata')).toBe(
      'Nov 21, 2026 - Nov 23, 2026',
    );
    const texts = stop();
    expect(texts).toEqual({
      'short|Asia/Kolkata|2026-11-21T04:00:00.000Z': 'Nov 21, 2026',
      'short|Asia/Kolkata|2026-11-23T04:00:00.000Z': 'Nov 23, 2026',
    });
    formatShortDate('2026-01-01T00:00:00.000Z', 'UTC');
    expect(Object.keys(texts)).toHaveLength(2); // recording stopped
    seedDateTexts({ 'time|UTC|2026-01-01T09:30:00.000Z': 'half past nine' });
    expect(formatTime('2026-01-01T09:30:00.000Z', 'UTC')).toBe('half past nine');
    expect(formatTime('2026-01-01T10:30:00.000Z', 'UTC')).toBe('10:30 AM');
  });
});
