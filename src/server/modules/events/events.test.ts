import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent, createGallery } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { getEvent, listEvents } from './events.service.ts';
import { EventSchema } from '../../../shared/schemas/event.ts';

let app: FastifyInstance;
let cookie: string;
const DAY = 24 * 3600_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

const valid = () => ({
  title: 'Spring Fair',
  description: 'Games, music and food.',
  category: 'workshop',
  location: 'Main Branch',
  start_date: at(3).toISOString(),
  end_date: at(4).toISOString(),
  cover_image: 'https://example.com/fair.jpg',
  status: 'upcoming',
  gallery_id: null,
});

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  await createCategory(app, 'Workshop');
});
afterAll(() => app.close());

describe('POST /api/events', () => {
  it('creates an event, speaking the category by name and making a slug', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload: valid() });
    expect(res.statusCode).toBe(201);
    const event = res.json().data;
    expect(EventSchema.strict().parse(event)).toEqual(event);
    expect(event).toMatchObject({
      title: 'Spring Fair',
      category: 'Workshop',
      slug: 'spring-fair',
      status: 'upcoming',
      gallery_id: null,
    });
    const again = await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload: valid() });
    expect(again.json().data.slug).toBe('spring-fair-2');
  });

  it('refuses missing fields with a message per field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload: { title: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      title: 'Title is required.',
      description: 'Description is required.',
      category: 'Category is required.',
      location: 'Location is required.',
      start_date: 'Start date is required.',
    });
  });

  it('refuses an end date before the start', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie },
      payload: { ...valid(), end_date: at(1).toISOString() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.end_date).toBe('The end date must be after the start date.');
  });

  it('refuses an unknown category, naming it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie },
      payload: { ...valid(), category: 'Party' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('"Party"');
  });

  it('refuses an unknown status, a javascript: cover and a missing gallery', async () => {
    const bad = [{ status: 'cancelled' }, { cover_image: 'javascript:alert(1)' }, { gallery_id: 4242 }];
    for (const patch of bad) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { cookie },
        payload: { ...valid(), ...patch },
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/events', payload: valid() })).statusCode).toBe(401);
  });
});

describe('GET /api/events', () => {
  it('orders events not yet over soonest first, then past ones most recent first, with limit/offset', async () => {
    const app2 = await buildTestApp();
    try {
      await installTestSchool(app2);
      const cat = await createCategory(app2, 'Conference');
      const mk = (title: string, start: number, end?: number) =>
        createEvent(app2, { categoryId: cat.id, title, startDate: at(start), endDate: end === undefined ? null : at(end) });
      await mk('far', 30);
      await mk('past-old', -30);
      await mk('ongoing', -2, 2);
      await mk('soon', 1);
      await mk('past-recent', -3, -1);
      const titles = (await listEvents(app2.db)).map((e) => e.title);
      expect(titles).toEqual(['ongoing', 'soon', 'far', 'past-recent', 'past-old']);
      expect((await listEvents(app2.db, { limit: 2, offset: 1 })).map((e) => e.title)).toEqual(['soon', 'far']);
      // Every page, across the upcoming/past boundary, is the matching slice of the whole order.
      for (const limit of [1, 2, 3, 4, 6]) {
        for (let offset = 0; offset <= 6; offset++) {
          const page = (await listEvents(app2.db, { limit, offset })).map((e) => e.title);
          expect(page, `limit ${limit} offset ${offset}`).toEqual(titles.slice(offset, offset + limit));
        }
      }
      const res = await app2.inject({ url: '/api/events?limit=3' });
      expect(res.json().data).toHaveLength(3);
      expect(res.json().total).toBe(5);
    } finally {
      await app2.close();
    }
  });

  it('reads one event by id or slug, 404 otherwise', async () => {
    const cat = await createCategory(app, 'Webinar');
    const row = await createEvent(app, { categoryId: cat.id, slug: 'story-hour', title: 'Story hour' });
    expect((await app.inject({ url: `/api/events/${row.id}` })).json().data.title).toBe('Story hour');
    expect((await app.inject({ url: '/api/events/story-hour' })).json().data.id).toBe(row.id);
    expect((await getEvent(app.db, 'story-hour', { allAudiences: false }))?.category).toBe('Webinar');
    expect((await app.inject({ url: '/api/events/999999' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/events/no-such-event' })).statusCode).toBe(404);
  });

  it('refuses a bad limit', async () => {
    expect((await app.inject({ url: '/api/events?limit=-1' })).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /api/events/{id}', () => {
  it('updates an event and links a gallery; deleting the gallery unlinks it', async () => {
    const created = (await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload: valid() })).json().data;
    const gallery = await createGallery(app);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/events/${created.id}`,
      headers: { cookie },
      payload: { ...valid(), title: 'Spring Fair 2', status: 'ongoing', end_date: null, gallery_id: String(gallery.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Spring Fair 2',
      status: 'ongoing',
      end_date: null,
      gallery_id: gallery.id,
      slug: created.slug,
    });
    await app.inject({ method: 'DELETE', url: `/api/admin/galleries/${gallery.id}`, headers: { cookie } });
    expect((await getEvent(app.db, String(created.id), { allAudiences: true }))?.gallery_id).toBeNull();
  });

  it('answers 404 for unknown ids, 401 anonymous', async () => {
    expect(
      (await app.inject({ method: 'PUT', url: '/api/events/999999', headers: { cookie }, payload: valid() })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/events/999999', headers: { cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/events/1' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/events/1', payload: valid() })).statusCode).toBe(401);
  });

  it('deletes an event', async () => {
    const created = (await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload: valid() })).json().data;
    const res = await app.inject({ method: 'DELETE', url: `/api/events/${created.id}`, headers: { cookie } });
    expect(res.json()).toEqual({ success: true });
    expect((await app.inject({ url: `/api/events/${created.id}` })).statusCode).toBe(404);
  });
});
