import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchoolDate } from '../../../shared/school-year.ts';
import { auditLog, eventSeries, events, schoolDates } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory } from '../../test/content-factories.ts';
import { createRole, createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { syncSeries } from '../events/series.service.ts';

// Issue 34: the school year. Staff with `events` enter terms, half-terms and closure days; bad
// input is a 400 naming the field and changes nothing.

let app: FastifyInstance;
let admin: string;
let reader: string;
/** What the site was told changed (each instance empties its page cache on it). */
const changes: string[] = [];
const [MAIN, CITY] = TEST_BRANCHES.map((b) => b.name) as [string, string];

beforeAll(async () => {
  app = await buildTestApp();
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  await createRole(app, 'events_reader', { events: { read: true } });
  reader = await sessionCookie(app, await createUser(app, { role: 'events_reader' }));
  app.siteChanges.subscribe((what) => changes.push(what));
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie: string | null = admin) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const date = (over: Partial<Record<keyof SchoolDate, unknown>> = {}) => ({
  kind: 'term',
  name: 'Autumn term',
  starts_on: '2031-09-03',
  ends_on: '2031-12-19',
  branch: null,
  ...over,
});
async function created(over: Partial<Record<keyof SchoolDate, unknown>> = {}): Promise<SchoolDate> {
  const res = await call('POST', '/api/school-year', date(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const count = async () => (await app.db.select().from(schoolDates)).length;

describe('the school year API', () => {
  it('asks for a session and the events permission', async () => {
    expect((await call('GET', '/api/school-year', undefined, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/school-year', date(), null)).statusCode).toBe(401);
    expect((await call('GET', '/api/school-year', undefined, reader)).statusCode).toBe(200);
    const refused = await call('POST', '/api/school-year', date(), reader);
    expect(refused.statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  it('creates, lists in date order, updates and deletes, audits each write and tells the site', async () => {
    changes.length = 0;
    const spring = await created({ name: 'Spring term', starts_on: '2032-01-06', ends_on: '2032-03-26' });
    const autumn = await created();
    const half = await created({ kind: 'half_term', name: 'October half-term', starts_on: '2031-10-27', ends_on: '2031-10-31' });
    const closure = await created({
      kind: 'closure',
      name: 'Staff training',
      starts_on: '2031-11-14',
      ends_on: '2031-11-14',
      branch: CITY,
    });
    expect(closure).toMatchObject({ kind: 'closure', branch: CITY, starts_on: '2031-11-14', ends_on: '2031-11-14' });

    const list = (await call('GET', '/api/school-year', undefined, reader)).json().data as SchoolDate[];
    expect(list.map((d) => d.name)).toEqual(['Autumn term', 'October half-term', 'Staff training', 'Spring term']);

    const moved = await call(
      'PUT',
      `/api/school-year/${closure.id}`,
      date({ kind: 'closure', name: 'Staff training day', starts_on: '2031-11-21', ends_on: '2031-11-21', branch: MAIN }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      id: closure.id,
      name: 'Staff training day',
      starts_on: '2031-11-21',
      branch: MAIN,
    });

    expect((await call('DELETE', `/api/school-year/${spring.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/school-year/${spring.id}/cancelled`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/school-year/${spring.id}`, date())).statusCode).toBe(404);
    expect((await call('GET', '/api/school-year')).json().data.map((d: SchoolDate) => d.id)).toEqual([
      autumn.id,
      half.id,
      closure.id,
    ]);

    const entries = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'school_date'));
    expect(entries.map((e) => `${e.action} ${e.title}`)).toEqual(
      expect.arrayContaining(['create Autumn term', 'update Staff training day', 'delete Spring term']),
    );
    const [update] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'school_date'), eq(auditLog.action, 'update')));
    expect(update!.changes).toEqual(expect.arrayContaining(['name', 'starts_on', 'branch']));
    expect(changes.filter((w) => w.startsWith('/api/school-year'))).toHaveLength(4 + 1 + 1);

    await app.db.delete(schoolDates);
  });

  it('refuses a half-term outside every term, naming the terms, and keeps half-terms inside a term afterwards', async () => {
    const term = await created();
    const outside = await call(
      'POST',
      '/api/school-year',
      date({ kind: 'half_term', name: 'Half-term', starts_on: '2031-12-15', ends_on: '2031-12-23' }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields.starts_on).toContain('Autumn term (Sep 3, 2031 to Dec 19, 2031)');
    // A branch's term holds that branch's half-terms only.
    const cityTerm = await created({ name: 'City summer', starts_on: '2032-04-20', ends_on: '2032-07-20', branch: CITY });
    const otherBranch = await call(
      'POST',
      '/api/school-year',
      date({ kind: 'half_term', name: 'May', starts_on: '2032-05-25', ends_on: '2032-05-29', branch: MAIN }),
    );
    expect(otherBranch.statusCode).toBe(400);
    await created({ kind: 'half_term', name: 'May', starts_on: '2032-05-25', ends_on: '2032-05-29', branch: CITY });

    const half = await created({ kind: 'half_term', name: 'October half-term', starts_on: '2031-10-27', ends_on: '2031-10-31' });
    // The term cannot shrink away from its half-term, nor go.
    const shrunk = await call('PUT', `/api/school-year/${term.id}`, date({ ends_on: '2031-10-20' }));
    expect(shrunk.statusCode).toBe(400);
    expect(shrunk.json().message).toContain('October half-term');
    expect((await call('DELETE', `/api/school-year/${term.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/school-year/${half.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/school-year/${term.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/school-year/${cityTerm.id}/cancelled`)).statusCode).toBe(400);
    await app.db.delete(schoolDates);
  });

  it.each([
    ['an end before the start', { starts_on: '2031-09-10', ends_on: '2031-09-01' }, 'ends_on', 'on or after the start'],
    ['a date that does not exist', { starts_on: '2031-02-30' }, 'starts_on', 'not a real date'],
    ['a date in another form', { ends_on: '19/12/2031' }, 'ends_on', 'use a date such as'],
    ['an implausible year', { starts_on: '0231-09-03' }, 'starts_on', 'between the years'],
    ['a term longer than a year', { ends_on: '2033-09-01' }, 'ends_on', 'at most a year'],
    ['no name', { name: '  ' }, 'name', 'Name is required'],
    ['a long name', { name: 'x'.repeat(121) }, 'name', 'at most 120'],
    ['an unknown kind', { kind: 'holiday' }, 'kind', 'term, a half-term or a closure'],
    ['an unknown branch', { kind: 'closure', branch: 'Moon base' }, 'branch', '“Moon base” is not one of the school’s branches'],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_what, over, field, words) => {
    const res = await call('POST', '/api/school-year', date(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toContain(words);
    expect(await count()).toBe(0);
  });

  it('refuses a bad edit and leaves the date as it was', async () => {
    const closure = await created({ kind: 'closure', name: 'Polling day', starts_on: '2031-11-06', ends_on: '2031-11-06' });
    const res = await call(
      'PUT',
      `/api/school-year/${closure.id}`,
      date({ kind: 'closure', name: 'Polling day', branch: 'Moon base' }),
    );
    expect(res.statusCode).toBe(400);
    expect((await call('GET', '/api/school-year')).json().data).toEqual([closure]);
    expect((await call('GET', `/api/school-year/${closure.id}/cancelled`)).json().data).toEqual([]);
    await app.db.delete(schoolDates);
  });

  it('cancels the occurrences on a closure day, lists them, and brings them back when the closure goes', async () => {
    const [series] = await app.db
      .insert(eventSeries)
      .values({
        rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
        startsLocal: '2031-12-02T09:30',
        timeZone: 'Europe/London',
        durationMinutes: 60,
        title: 'Forest School',
        description: 'Outdoors in the woods.',
        location: 'Main Branch',
        categoryId: (await createCategory(app, 'Outdoors')).id,
      })
      .returning();
    await syncSeries(app.db, series!.id);
    const starts = async () =>
      (await app.db.select().from(events).where(eq(events.seriesId, series!.id))).map((e) => e.occurrenceStart).sort();
    expect(await starts()).toEqual(['2031-12-02T09:30', '2031-12-09T09:30', '2031-12-16T09:30', '2031-12-23T09:30']);

    const closure = await created({ kind: 'closure', name: 'Boiler repair', starts_on: '2031-12-09', ends_on: '2031-12-09' });
    expect(await starts()).toEqual(['2031-12-02T09:30', '2031-12-16T09:30', '2031-12-23T09:30']);
    const cancelled = await call('GET', `/api/school-year/${closure.id}/cancelled`, undefined, reader);
    expect(cancelled.json().data).toEqual([{ eventTitle: 'Forest School', start: '2031-12-09T09:30', seriesId: series!.id }]);

    // Moved a week on, it gives back one Tuesday and takes the next.
    const moved = await call(
      'PUT',
      `/api/school-year/${closure.id}`,
      date({ kind: 'closure', name: 'Boiler repair', starts_on: '2031-12-16', ends_on: '2031-12-16' }),
    );
    expect(moved.statusCode).toBe(200);
    expect(await starts()).toEqual(['2031-12-02T09:30', '2031-12-09T09:30', '2031-12-23T09:30']);

    expect((await call('DELETE', `/api/school-year/${closure.id}`)).statusCode).toBe(200);
    expect(await starts()).toHaveLength(4);
    await app.db.delete(eventSeries);
  });
});
