import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../db/client.ts';
import { auditLog, events, posts } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { createTestDatabase, testDriver } from '../../test/test-database.ts';
import { PUBLISH_AT_PAST, PUBLISH_AT_PAST_MESSAGE } from '../../../shared/schemas/publish-at.ts';
import { DIST_DIR } from '../../plugins/render.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The database, shared by apps started and stopped one after another (each app's close leaves it open). */
const kept = (handle: DbHandle): DbHandle => ({ ...handle, close: async () => {} });

const postBody = (over: Record<string, unknown> = {}) => ({
  title: 'Monday morning news',
  slug: `monday-${Math.random().toString(36).slice(2, 8)}`,
  content: '<p>Good morning, families.</p>',
  status: 'draft',
  ...over,
});

const publishAudits = (db: DbHandle['db'], entity: 'post' | 'event', id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'publish'), eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))));

describe('scheduled posts', () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await buildTestApp({ database: kept(handle) });
    await installTestSchool(app);
    cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const save = (payload: Record<string, unknown>, id?: number) =>
    app.inject({ method: id ? 'PUT' : 'POST', url: id ? `/api/posts/${id}` : '/api/posts', payload, headers: { cookie } });

  it('are published on time by the running server, with no request, and audited as on schedule', async () => {
    const at = new Date(Date.now() + 1500);
    const res = await save(postBody({ publishAt: at.toISOString() }));
    expect(res.statusCode).toBe(201);
    const post = res.json().data;
    expect(post).toMatchObject({ status: 'draft', publishAt: at.toISOString(), published_at: null });
    // Not on the public blog before its time.
    expect((await app.inject({ url: `/api/posts/slug/${post.slug}` })).statusCode).toBe(404);

    const [row] = await until(
      () => handle.db.select().from(posts).where(eq(posts.id, post.id)),
      ([r]) => r?.status === 'published',
      'the post to be published',
    );
    expect(row!.publishedAt!.toISOString()).toBe(at.toISOString());
    expect(row!.publishAt).toBeNull();
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    const [entry, ...more] = await publishAudits(handle.db, 'post', post.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ userId: null, details: { scheduled: true, scheduledFor: at.toISOString() } });
    expect(entry!.details).not.toHaveProperty('lateMinutes');
    expect((await app.inject({ url: `/api/posts/slug/${post.slug}` })).statusCode).toBe(200);
  });

  it('refuses a time already past with PUBLISH_AT_PAST, and saves nothing', async () => {
    const body = postBody({ publishAt: new Date(Date.now() - 60_000).toISOString() });
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: PUBLISH_AT_PAST, error: PUBLISH_AT_PAST_MESSAGE });
    expect(await handle.db.select().from(posts).where(eq(posts.slug, body.slug))).toHaveLength(0);
    const nonsense = await save(postBody({ publishAt: 'next monday' }));
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json().fields.publishAt).toMatch(/date and time/);
  });

  it('are changed, cancelled by clearing the time, and unscheduled by publishing by hand', async () => {
    const later = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const created = (await save(postBody({ publishAt: later }))).json().data;
    const sooner = new Date(Date.now() + 24 * 3600_000).toISOString();
    const changed = await save({ ...postBody({ slug: created.slug }), publishAt: sooner }, created.id);
    expect(changed.json().data.publishAt).toBe(sooner);
    // A save that names no time keeps the schedule; '' cancels it.
    expect((await save(postBody({ slug: created.slug }), created.id)).json().data.publishAt).toBe(sooner);
    expect((await save(postBody({ slug: created.slug, publishAt: '' }), created.id)).json().data.publishAt).toBeNull();
    await save(postBody({ slug: created.slug, publishAt: later }), created.id);
    const published = (await save(postBody({ slug: created.slug, status: 'published' }), created.id)).json().data;
    expect(published).toMatchObject({ status: 'published', publishAt: null });
    const both = await save(postBody({ slug: created.slug, status: 'published', publishAt: later }), created.id);
    expect(both.statusCode).toBe(400);
  });

  it('scheduled events are hidden from the public until published, then shown', async () => {
    const category = await createCategory(app, 'Open days');
    const at = new Date(Date.now() + 1500);
    const event = await createEvent(app, { categoryId: category.id, title: 'Open morning', published: false, publishAt: at });
    app.siteChanges.publish('/api/events'); // as the events API announces its writes
    const seen = async () => {
      const list = (await app.inject({ url: '/api/events?limit=100' })).json();
      const one = await app.inject({ url: `/api/events/${event.id}` });
      return { listed: JSON.stringify(list).includes('Open morning'), one: one.statusCode };
    };
    expect(await seen()).toEqual({ listed: false, one: 404 });
    await until(seen, (s) => s.listed && s.one === 200, 'the event to be shown');
    const [row] = await handle.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ published: true, publishAt: null });
    expect(await publishAudits(handle.db, 'event', event.id)).toHaveLength(1);
  });
});

describe('a stop that spans the publish time', () => {
  it('publishes at the next start, and the audit log says how late', async () => {
    const handle = await createTestDatabase();
    try {
      const first = await buildTestApp({ database: kept(handle) });
      await installTestSchool(first);
      const cookie = await sessionCookie(first, await createUser(first, { role: 'manager' }));
      const at = new Date(Date.now() + 60 * 60_000);
      const res = await first.inject({
        method: 'POST',
        url: '/api/posts',
        payload: postBody({ publishAt: at.toISOString() }),
        headers: { cookie },
      });
      const id = res.json().data.id as number;
      await first.close();
      // While the server is down the time passes (moved into the past, as the clock would have).
      const due = new Date(Date.now() - 95 * 60_000);
      await handle.db.update(posts).set({ publishAt: due }).where(eq(posts.id, id));
      expect((await handle.db.select().from(posts).where(eq(posts.id, id)))[0]!.status).toBe('draft');

      const second = await buildTestApp({ database: kept(handle) });
      await second.ready();
      const [row] = await handle.db.select().from(posts).where(eq(posts.id, id));
      expect(row).toMatchObject({ status: 'published', publishAt: null, publishedAt: due });
      const [entry] = await publishAudits(handle.db, 'post', id);
      expect(entry!.details).toMatchObject({ scheduled: true, scheduledFor: due.toISOString(), lateMinutes: 95 });
      await second.close();
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe.runIf(testDriver() === 'pg')('two instances on one PostgreSQL database', () => {
  it('publish each scheduled post and event exactly once', async () => {
    const handle = await createTestDatabase();
    const other = await openDb({ kind: 'pg', url: handle.url!, poolSize: 2 });
    const a = await buildTestApp({ database: kept(handle) });
    const b = await buildTestApp({ database: other });
    try {
      await installTestSchool(a);
      const category = await createCategory(a);
      const at = new Date(Date.now() + 2000);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const [row] = await handle.db
          .insert(posts)
          .values({ title: `Post ${i}`, slug: `post-${i}`, content: '<p>x</p>', status: 'draft', publishAt: at })
          .returning();
        ids.push(row!.id);
      }
      const event = await createEvent(a, { categoryId: category.id, published: false, publishAt: at });
      // Both instances hear of the write and both set their timers for the same moment.
      await Promise.all([a.ready(), b.ready()]);
      a.siteChanges.publish('/api/posts');
      await until(
        () => handle.db.select().from(posts).where(eq(posts.status, 'published')),
        (rows) => rows.length === 5,
        'the posts to be published',
      );
      await sleep(1000); // both timers have fired
      for (const id of ids) expect(await publishAudits(handle.db, 'post', id)).toHaveLength(1);
      expect(await publishAudits(handle.db, 'event', event.id)).toHaveLength(1);
    } finally {
      await b.close();
      await a.close();
      await handle.close();
    }
  }, 60_000);
});

const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

describe.skipIf(!built)('scheduled content on the kept public pages', () => {
  it('shows on /events and /blog at its time with no write (the publisher drops the kept pages)', async () => {
    const app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
    try {
      await installTestSchool(app);
      const category = await createCategory(app, 'Open days');
      const at = new Date(Date.now() + 1500);
      await createEvent(app, { categoryId: category.id, title: 'Open morning', published: false, publishAt: at });
      await app.db
        .insert(posts)
        .values({ title: 'Welcome back', slug: 'welcome-back', content: '<p>Hello</p>', status: 'draft', publishAt: at });
      app.siteChanges.publish('/api/events'); // as the API announces its writes
      const shows = async (url: string, text: string) => (await app.inject({ url })).body.includes(text);
      // Read (and kept) before the time: not there.
      expect(await shows('/events', 'Open morning')).toBe(false);
      expect(await shows('/blog', 'Welcome back')).toBe(false);
      await until(
        async () => (await shows('/events', 'Open morning')) && (await shows('/blog', 'Welcome back')),
        Boolean,
        'the kept pages to show them',
      );
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    } finally {
      await app.close();
    }
  }, 60_000);
});
