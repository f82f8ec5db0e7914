import type { FastifyInstance } from 'fastify';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL } from '../../../shared/schemas/school-defaults.ts';
import { auditLog, eventSeries, events, schoolDates } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { saveSchoolProfile } from '../site/site.service.ts';

let app: FastifyInstance;
let cookie: string;
const TZ = 'Europe/London';

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  await saveSchoolProfile(app.db, { ...DEFAULT_SCHOOL, branches: TEST_BRANCHES, timezone: TZ });
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  await createCategory(app, 'Outdoors');
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.db.delete(eventSeries);
  await app.db.delete(events);
  await app.db.delete(schoolDates);
});

const base = {
  title: 'Forest School',
  description: 'Outdoors in the woods.',
  category: 'Outdoors',
  location: 'The woods',
  cover_image: 'https://example.com/forest.jpg',
  start_date: '2027-01-05T09:30:00.000Z',
  end_date: '2027-01-05T11:00:00.000Z',
};
const post = (payload: object) => app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload });
const put = (id: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/events/${id}`, headers: { cookie }, payload });
const get = (id: number, headers: Record<string, string> = { cookie }) =>
  app.inject({ method: 'GET', url: `/api/events/${id}`, headers });
const rows = () => app.db.select().from(events).orderBy(asc(events.startDate), asc(events.id));
const eventCount = async () => (await app.db.select({ n: count() }).from(events))[0]!.n;

async function schoolYear() {
  await app.db.insert(schoolDates).values([
    { kind: 'term', name: 'Spring term', startsOn: '2027-01-04', endsOn: '2027-03-26' },
    { kind: 'half_term', name: 'February half-term', startsOn: '2027-02-15', endsOn: '2027-02-19' },
    { kind: 'closure', name: 'Staff training day', startsOn: '2027-03-02', endsOn: '2027-03-02' },
  ]);
}

describe('POST /api/events with a repeat', () => {
  it('makes a weekly term-time event for one branch, skipping the half-term and the closure', async () => {
    await schoolYear();
    const res = await post({
      ...base,
      branch: 'City Branch',
      repeat: { freq: 'weekly', weekdays: ['TU'], until: '2027-07-18', termTime: true },
    });
    expect(res.statusCode).toBe(201);
    const event = res.json().data;
    expect(event).toMatchObject({ branch: 'City Branch', occurrenceStart: '2027-01-05T09:30', detached: false, published: true });
    expect(event.series).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270718T225959Z',
      words: 'Every Tuesday in term time until July 18, 2027',
      termTime: true,
      occurrences: 10,
      cancelled: [{ start_date: '2027-03-02T09:30:00.000Z', closure: 'Staff training day' }],
      repeat: { freq: 'weekly', weekdays: ['TU'], until: '2027-07-18', termTime: true },
    });
    const all = await rows();
    expect(all.map((r) => r.occurrenceStart!.slice(0, 10))).toEqual([
      '2027-01-05',
      '2027-01-12',
      '2027-01-19',
      '2027-01-26',
      '2027-02-02',
      '2027-02-09',
      '2027-02-23',
      '2027-03-09',
      '2027-03-16',
      '2027-03-23',
    ]);
    expect(new Set(all.map((r) => r.branch))).toEqual(new Set(['City Branch']));
    expect(new Set(all.map((r) => r.slug!.replace(/-\d{4}-\d{2}-\d{2}$/, '')))).toEqual(new Set(['forest-school']));
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'event'));
    expect(entry).toMatchObject({ action: 'create', details: { repeats: 'Every Tuesday in term time until July 18, 2027' } });
  });

  it('takes a raw RRULE: the first Friday of each month, ten times', async () => {
    const res = await post({
      ...base,
      start_date: '2027-01-01T10:00:00.000Z',
      end_date: null,
      rrule: 'FREQ=MONTHLY;BYDAY=1FR;COUNT=10',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.series.words).toBe('First Friday of every month, 10 times');
    expect((await rows()).map((r) => r.occurrenceStart)).toHaveLength(10);
    expect((await rows())[1]!.occurrenceStart).toBe('2027-02-05T10:00');
  });

  it.each([
    ['FREQ=WEEKLY;BYDAY=TU;BYHOUR=9;COUNT=3', 'The repeat rule has a part Sprout does not read: BYHOUR.'],
    [
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261201T000000Z',
      'The repeat rule gives no date on or after the start: check its days and its end.',
    ],
    ['FREQ=MINUTELY;COUNT=5000', 'FREQ=MINUTELY would give more than 1,000 dates a year: Sprout repeats events daily at most.'],
    ['FREQ=WEEKLY;BYDAY=TU', 'The repeat rule must end: give an end date (UNTIL) or a number of times (COUNT).'],
    ['FREQ=DAILY;UNTIL=20330101T000000Z', 'A repeating event may run for at most 5 years: choose an earlier end date.'],
    ['FREQ=DAILY;COUNT=2000', 'A repeating event may run for at most 5 years: repeat it fewer times.'],
  ])('refuses %s, saving nothing', async (rrule, message) => {
    const res = await post({ ...base, rrule });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { rrule: message } });
    expect(await eventCount()).toBe(0);
    expect(await app.db.select().from(eventSeries)).toEqual([]);
  });

  it('refuses an end before the start, an unknown branch and a publish-at time already past', async () => {
    const repeat = { freq: 'daily', count: 3 };
    const early = await post({ ...base, repeat, end_date: '2027-01-05T08:00:00.000Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields.end_date).toBe('The end date must be after the start date.');
    const branch = await post({ ...base, repeat, branch: 'Moon Branch' });
    expect(branch.statusCode).toBe(400);
    expect(branch.json().fields.branch).toBe('Choose one of: Main Branch, City Branch, or the whole school.');
    const past = await post({ ...base, repeat, publishAt: '2026-01-01T08:00:00.000Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'PUBLISH_AT_PAST', message: 'That time has already passed. Publish now instead?' });
    expect(await eventCount()).toBe(0);
  });

  it('refuses a term-time rule that meets no term', async () => {
    const res = await post({ ...base, repeat: { freq: 'weekly', count: 3, termTime: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/term time/);
    expect(await eventCount()).toBe(0);
  });

  it('schedules every occurrence for a publish-at time: hidden from the public until then', async () => {
    const publishAt = new Date(Date.now() + 3600_000).toISOString();
    const res = await post({ ...base, repeat: { freq: 'daily', count: 3 }, publishAt });
    const event = res.json().data;
    expect(event).toMatchObject({ published: false, publishAt });
    expect((await rows()).map((r) => [r.published, r.publishAt?.toISOString()])).toEqual(Array(3).fill([false, publishAt]));
    expect((await get(event.id, {})).statusCode).toBe(404);
  });
});

describe('editing an occurrence', () => {
  async function weekly(count = 6) {
    const res = await post({ ...base, repeat: { freq: 'weekly', count } });
    return (await rows()).map((r) => r.id).concat(res.json().data.series.id);
  }

  it('"this event" changes that one only, and an edit of all leaves it be', async () => {
    const ids = await weekly();
    const third = ids[2]!;
    const res = await put(third, {
      ...base,
      title: 'Forest School: den building',
      start_date: '2027-01-20T13:00:00.000Z',
      end_date: null,
      scope: 'this',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      detached: true,
      occurrenceStart: '2027-01-19T09:30',
      start_date: '2027-01-20T13:00:00.000Z',
    });
    const all = await put(ids[0]!, {
      ...base,
      title: 'Woodland School',
      location: 'The meadow',
      scope: 'all',
      repeat: { freq: 'weekly', count: 6 },
    });
    expect(all.statusCode).toBe(200);
    const titles = (await rows()).map((r) => [r.title, r.location]);
    expect(titles.filter(([t]) => t === 'Woodland School')).toHaveLength(5);
    expect(titles).toContainEqual(['Forest School: den building', 'The woods']);
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'update')).orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.details)).toEqual([{ scope: 'this' }, { scope: 'all' }]);
  });

  it('"all" moves every occurrence to the new time, keeping the rows', async () => {
    const ids = await weekly(3);
    const res = await put(ids[1]!, {
      ...base,
      start_date: '2027-01-12T14:00:00.000Z',
      end_date: '2027-01-12T15:00:00.000Z',
      scope: 'all',
      repeat: { freq: 'weekly', count: 3 },
    });
    expect(res.statusCode).toBe(200);
    const after = await rows();
    expect(after.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(after.map((r) => r.occurrenceStart)).toEqual(['2027-01-05T14:00', '2027-01-12T14:00', '2027-01-19T14:00']);
    expect(after.map((r) => r.endDate!.toISOString().slice(11, 16))).toEqual(['15:00', '15:00', '15:00']);
  });

  it('"this and following" splits the series: the count shared between the two', async () => {
    const ids = await weekly(6);
    const seriesId = ids.at(-1)!;
    const res = await put(ids[3]!, {
      ...base,
      title: 'Forest School (afternoons)',
      start_date: '2027-01-26T13:30:00.000Z',
      end_date: '2027-01-26T15:00:00.000Z',
      scope: 'following',
      repeat: { freq: 'weekly', count: 6 },
    });
    expect(res.statusCode).toBe(200);
    const event = res.json().data;
    expect(event.series.id).not.toBe(seriesId);
    expect(event.series.words).toBe('Every Tuesday, 3 times');
    const [old] = await app.db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
    expect(old!.rrule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=3');
    const after = await rows();
    expect(after.map((r) => [r.occurrenceStart, r.title, r.seriesId === seriesId])).toEqual([
      ['2027-01-05T09:30', 'Forest School', true],
      ['2027-01-12T09:30', 'Forest School', true],
      ['2027-01-19T09:30', 'Forest School', true],
      ['2027-01-26T13:30', 'Forest School (afternoons)', false],
      ['2027-02-02T13:30', 'Forest School (afternoons)', false],
      ['2027-02-09T13:30', 'Forest School (afternoons)', false],
    ]);
    // The moved rows kept their addresses.
    expect(after.slice(3).map((r) => r.id)).toEqual(ids.slice(3, 6));
  });

  it('"this and following" of a rule with an end date ends the old one the day before', async () => {
    await post({ ...base, repeat: { freq: 'weekly', until: '2027-02-28' } });
    const all = await rows();
    const res = await put(all[2]!.id, {
      ...base,
      location: 'The meadow',
      start_date: all[2]!.startDate.toISOString(),
      end_date: null,
      scope: 'following',
      repeat: { freq: 'weekly', until: '2027-02-28' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.series.words).toBe('Every Tuesday until February 28, 2027');
    const series = await app.db.select().from(eventSeries).orderBy(asc(eventSeries.id));
    expect(series.map((s) => s.rrule)).toEqual([
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270118T235959Z',
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270228T235959Z',
    ]);
    expect((await rows()).map((r) => r.location)).toEqual(['The woods', 'The woods', ...Array(6).fill('The meadow')]);
  });
});

describe('DELETE /api/events/{id}?scope', () => {
  it('removes one occurrence (kept as an exdate), then the following, then all', async () => {
    await post({ ...base, repeat: { freq: 'weekly', count: 6 } });
    const ids = (await rows()).map((r) => r.id);
    const del = (id: number, scope: string) =>
      app.inject({ method: 'DELETE', url: `/api/events/${id}?scope=${scope}`, headers: { cookie } });
    expect((await del(ids[1]!, 'this')).statusCode).toBe(200);
    const [series] = await app.db.select().from(eventSeries);
    expect(series!.exdates).toEqual(['2027-01-12T09:30']);
    expect((await get(ids[0]!)).json().data.series.occurrences).toBe(5);
    expect((await del(ids[3]!, 'following')).statusCode).toBe(200);
    expect((await rows()).map((r) => r.occurrenceStart)).toEqual(['2027-01-05T09:30', '2027-01-19T09:30']);
    expect((await app.db.select().from(eventSeries))[0]!.rrule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=3');
    expect((await del(ids[0]!, 'nonsense')).statusCode).toBe(400);
    expect((await del(ids[0]!, 'all')).statusCode).toBe(200);
    expect(await eventCount()).toBe(0);
    expect(await app.db.select().from(eventSeries)).toEqual([]);
  });
});
