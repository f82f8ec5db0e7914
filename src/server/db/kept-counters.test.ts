import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../plugins/render.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createPost } from '../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';
import { keptUntilWrite } from './lists.ts';

describe('keptUntilWrite', () => {
  it('loads again only when the write count moves, and never keeps a failure', async () => {
    let writes = 0;
    let loads = 0;
    const keep = keptUntilWrite(() => writes);
    const load = () => Promise.resolve(++loads);
    expect(await keep('a', load)).toBe(1);
    expect(await keep('a', load)).toBe(1);
    expect(await keep('b', load)).toBe(2);
    writes++;
    expect(await keep('a', load)).toBe(3);
    await expect(keep('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await keep('c', load)).toBe(4);
    expect(await keptUntilWrite(() => undefined)('a', load)).toBe(5);
  });

  it('keeps at most 500 values (searches are keys too), starting again past that', async () => {
    let loads = 0;
    const keep = keptUntilWrite(() => 0);
    const load = () => Promise.resolve(++loads);
    for (let i = 0; i < 500; i++) await keep(`q${i}`, load);
    expect(await keep('q0', load)).toBe(1); // still kept
    await keep('q500', load); // the 501st: the others go
    expect(await keep('q0', load)).toBe(502);
  });
});

// The blog counters are kept between writes: a write through the API shows at once.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
describe.skipIf(!built)('the blog and events counters', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp({ pages: true });
    admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  });
  afterAll(async () => {
    await app?.close();
  });
  const counts = async (url: string) => (await app.inject({ url, headers: { cookie: admin } })).json().counts;

  it('are read again after a write through the API, and only then', async () => {
    const before = await counts('/api/posts?limit=5');
    // Written behind the API's back: the kept counters do not see it...
    await createPost(app, { status: 'draft' });
    expect(await counts('/api/posts?limit=5')).toEqual(before);
    // ...until any content write goes through the API.
    const category = await app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { cookie: admin },
      payload: { name: 'Fairs' },
    });
    expect(category.statusCode).toBe(201);
    expect(await counts('/api/posts?limit=5')).toEqual({ ...before, total: before.total + 1, draft: before.draft + 1 });
    const events = await counts('/api/events?limit=5');
    expect(events.total).toBe(events.upcoming + events.ongoing + events.completed);
  });

  it("keep a search's number of matches, and the categories it matches, until the next write", async () => {
    const totalOf = async (url: string) => (await app.inject({ url, headers: { cookie: admin } })).json().total as number;
    const found = await totalOf('/api/posts?limit=5&q=marigold');
    await createPost(app, { title: 'Marigold week', status: 'draft' });
    expect(await totalOf('/api/posts?limit=5&q=marigold')).toBe(found);
    const before = await totalOf('/api/events?limit=5&q=puppetry');
    const category = await app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { cookie: admin },
      payload: { name: 'Puppetry' },
    });
    expect(category.statusCode).toBe(201);
    expect(await totalOf('/api/posts?limit=5&q=marigold')).toBe(found + 1);
    const event = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: admin },
      payload: {
        title: 'Show day',
        description: 'Puppets from the older class.',
        category: 'Puppetry',
        location: 'Hall',
        start_date: '2030-05-01T09:00:00.000Z',
        status: 'upcoming',
      },
    });
    expect(event.statusCode).toBe(201);
    // Found by its new category's name, read again after the writes.
    expect(await totalOf('/api/events?limit=5&q=puppetry')).toBe(before + 1);
  });
});
