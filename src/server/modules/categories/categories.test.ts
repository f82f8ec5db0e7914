import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSeries } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';

let app: FastifyInstance;
let admin: string;
let staff: string;

beforeAll(async () => {
  app = await buildTestApp();
  const school = await installTestSchool(app);
  admin = await sessionCookie(app, school.admin);
  // Staff who write events but may not manage categories (settings).
  staff = await sessionCookie(app, await createUser(app, { role: null, permissions: { events: { read: true, write: true } } }));
});
afterAll(() => app.close());

describe('categories', () => {
  it('lists, creates, renames and deletes', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { cookie: admin },
      payload: { name: '  Webinar ' },
    });
    expect(created.statusCode).toBe(201);
    const { id, name } = created.json().data;
    expect(name).toBe('Webinar');
    const list = await app.inject({ url: '/api/categories' });
    expect(list.json().data).toEqual(expect.arrayContaining([{ id, name: 'Webinar', event_count: 0 }]));
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/categories/${id}`,
      headers: { cookie: admin },
      payload: { name: 'Webinars' },
    });
    expect(renamed.json().data.name).toBe('Webinars');
    const del = await app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers: { cookie: admin } });
    expect(del.json()).toEqual({ success: true });
  });

  it("counts a category's events again after an event is added or deleted (the count is kept until a write)", async () => {
    await createCategory(app, 'Excursion');
    const uses = async () =>
      (await app.inject({ url: '/api/categories?q=excursion' })).json().data.map((c: { event_count: number }) => c.event_count);
    expect(await uses()).toEqual([0]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: staff },
      payload: {
        title: 'Zoo trip',
        description: 'A day at the zoo.',
        location: 'City Zoo',
        category: 'Excursion',
        start_date: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await uses()).toEqual([1]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/events/${created.json().data.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await uses()).toEqual([0]);
  });

  it('refuses a blank name with a message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/categories', headers: { cookie: admin }, payload: { name: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name).toBe('Category name is required.');
  });

  it('refuses a duplicate name, whatever the case (409)', async () => {
    await createCategory(app, 'Celebration');
    const res = await app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { cookie: admin },
      payload: { name: 'celebration' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses to delete a category in use, saying how many events use it', async () => {
    const cat = await createCategory(app, 'Conference');
    await createEvent(app, { categoryId: cat.id });
    await createEvent(app, { categoryId: cat.id });
    const res = await app.inject({ method: 'DELETE', url: `/api/categories/${cat.id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/used by 2 events/);
    expect(res.json().eventCount).toBe(2);
  });

  it('refuses to delete a category a repeating event still names when none of its dates is left (issue 34)', async () => {
    const cat = await createCategory(app, 'Forest School');
    await app.db.insert(eventSeries).values({
      rrule: 'FREQ=WEEKLY;COUNT=2',
      startsLocal: '2030-01-01T09:30',
      timeZone: 'UTC',
      exdates: ['2030-01-01T09:30', '2030-01-08T09:30'],
      title: 'Forest School',
      description: 'Outdoors',
      location: 'Garden',
      categoryId: cat.id,
    });
    const res = await app.inject({ method: 'DELETE', url: `/api/categories/${cat.id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/repeating event/);
  });

  it('moves the events of a category in use to another, then deletes it, in one step (issue 31)', async () => {
    const from = await createCategory(app, 'Outing');
    const to = await createCategory(app, 'Trip');
    const events = [await createEvent(app, { categoryId: from.id }), await createEvent(app, { categoryId: from.id })];
    const del = (query: string) =>
      app.inject({ method: 'DELETE', url: `/api/categories/${from.id}${query}`, headers: { cookie: admin } });
    // Refused, and nothing moved: the target is the category itself, is unknown, or is not an id.
    for (const [query, message] of [
      [`?moveTo=${from.id}`, 'Choose another category to move the events to.'],
      ['?moveTo=987654', 'The category to move the events to no longer exists: choose another.'],
      ['?moveTo=abc', 'Choose the category to move the events to.'],
    ] as const) {
      const res = await del(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields, query).toEqual({ moveTo: message });
    }
    expect((await del('')).statusCode).toBe(409);
    const moved = await del(`?moveTo=${to.id}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ success: true, moved: 2 });
    for (const event of events) {
      const res = await app.inject({ url: `/api/events/${event.id}`, headers: { cookie: admin } });
      expect(res.json().data.category).toBe('Trip');
    }
    const list = (await app.inject({ url: '/api/categories?q=Trip' })).json().data;
    expect(list).toEqual([{ id: to.id, name: 'Trip', event_count: 2 }]);
    expect((await app.inject({ url: '/api/categories?q=Outing' })).json().data).toEqual([]);
    const log = await app.inject({ url: '/api/audit?entity=category&action=delete&limit=1', headers: { cookie: admin } });
    expect(log.json().data[0].summary).toBe('Deleted the category “Outing”, moving its 2 events to “Trip”');
  });

  it('needs sign-in (401) and the settings permission (403)', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/categories', payload: { name: 'X' } })).statusCode).toBe(401);
    const res = await app.inject({ method: 'POST', url: '/api/categories', headers: { cookie: staff }, payload: { name: 'X' } });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown id', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/categories/99999',
      headers: { cookie: admin },
      payload: { name: 'Y' },
    });
    expect(put.statusCode).toBe(404);
    const del = await app.inject({ method: 'DELETE', url: '/api/categories/abc', headers: { cookie: admin } });
    expect(del.statusCode).toBe(404);
  });
});
