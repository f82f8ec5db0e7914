import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toDatetimeLocal } from '../../../shared/dates.ts';
import { eventSeries, events, schoolDates } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory } from '../../test/content-factories.ts';
import { installTestSchool } from '../../test/factories.ts';
import { cancelledByClosure, ruleCandidates, syncAllSeries, syncSeries } from './series.service.ts';

let app: FastifyInstance;
let categoryId: number;

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  categoryId = (await createCategory(app, 'Outdoors')).id;
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.db.delete(eventSeries);
  await app.db.delete(schoolDates);
});

async function series(values: Partial<typeof eventSeries.$inferInsert> & { rrule: string; startsLocal: string }) {
  const [row] = await app.db
    .insert(eventSeries)
    .values({
      timeZone: 'Europe/London',
      durationMinutes: 90,
      title: 'Forest School',
      description: 'Outdoors in the woods.',
      location: 'Main Branch',
      categoryId,
      ...values,
    })
    .returning();
  await syncSeries(app.db, row!.id);
  return row!;
}
const rowsOf = (seriesId: number) =>
  app.db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(asc(events.occurrenceStart));

describe('ruleCandidates', () => {
  it('gives the first Friday of each month, and the last one', () => {
    expect(ruleCandidates({ rrule: 'FREQ=MONTHLY;BYDAY=1FR;COUNT=3', startsLocal: '2027-01-01T10:00' })).toEqual([
      '2027-01-01T10:00',
      '2027-02-05T10:00',
      '2027-03-05T10:00',
    ]);
    expect(ruleCandidates({ rrule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=2', startsLocal: '2027-01-29T10:00' })).toEqual([
      '2027-01-29T10:00',
      '2027-02-26T10:00',
    ]);
  });
});

describe('syncSeries across a daylight-saving change', () => {
  for (const [timeZone, before, after] of [
    ['Europe/London', '2027-03-23T09:30', '2027-03-30T09:30'],
    ['America/New_York', '2027-03-09T09:30', '2027-03-16T09:30'],
  ] as const) {
    it(`keeps the wall-clock time in ${timeZone}`, async () => {
      const s = await series({ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=2', startsLocal: before, timeZone });
      const rows = await rowsOf(s.id);
      expect(rows.map((r) => r.occurrenceStart)).toEqual([before, after]);
      expect(rows.map((r) => toDatetimeLocal(r.startDate, timeZone))).toEqual([before, after]);
      expect(rows.map((r) => toDatetimeLocal(r.endDate!, timeZone).slice(11))).toEqual(['11:00', '11:00']);
      // One hour apart in UTC: the offset changed between them.
      expect(rows[1]!.startDate.getTime() - rows[0]!.startDate.getTime()).toBe(7 * 24 * 3600_000 - 3600_000);
    });
  }
});

describe('term time and closures', () => {
  it('keeps to term time, skips closures, and says which a closure cancelled', async () => {
    await app.db.insert(schoolDates).values([
      { kind: 'term', name: 'Spring term', startsOn: '2027-01-04', endsOn: '2027-03-26' },
      { kind: 'half_term', name: 'Half-term', startsOn: '2027-02-15', endsOn: '2027-02-19' },
    ]);
    const [closure] = await app.db
      .insert(schoolDates)
      .values({ kind: 'closure', name: 'Staff training', startsOn: '2027-03-02', endsOn: '2027-03-02', branch: null })
      .returning();
    const s = await series({
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270420T225959Z',
      startsLocal: '2027-01-05T09:30',
      termTime: true,
    });
    const starts = (await rowsOf(s.id)).map((r) => r.occurrenceStart!.slice(0, 10));
    expect(starts).toHaveLength(10);
    expect(starts).not.toContain('2027-02-16');
    expect(starts).not.toContain('2027-03-02');
    expect(starts.at(-1)).toBe('2027-03-23');
    expect(await cancelledByClosure(app.db, closure!.id)).toEqual([
      { eventTitle: 'Forest School', start: '2027-03-02T09:30', seriesId: s.id },
    ]);
    // A closure removed, the school year synced again: the day comes back.
    await app.db.delete(schoolDates).where(eq(schoolDates.id, closure!.id));
    await syncAllSeries(app.db);
    expect((await rowsOf(s.id)).map((r) => r.occurrenceStart!.slice(0, 10))).toContain('2027-03-02');
  });

  it('a closure of one branch cancels that branch’s occurrences only', async () => {
    await app.db
      .insert(schoolDates)
      .values({ kind: 'closure', name: 'Inset day', startsOn: '2027-01-12', endsOn: '2027-01-12', branch: 'City Branch' });
    const city = await series({ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3', startsLocal: '2027-01-05T09:30', branch: 'City Branch' });
    const all = await series({ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3', startsLocal: '2027-01-05T09:30', title: 'Music' });
    expect((await rowsOf(city.id)).map((r) => r.occurrenceStart)).toEqual(['2027-01-05T09:30', '2027-01-19T09:30']);
    expect(await rowsOf(all.id)).toHaveLength(3);
  });
});
