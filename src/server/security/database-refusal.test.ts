import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TcpProxy } from '../../../e2e/support/tcp-proxy.ts';
import { buildApp } from '../app.ts';
import { isConnectionError, openDb } from '../db/client.ts';
import { DIST_DIR } from '../plugins/render.ts';
import { buildTestApp, TEST_SETUP_CODE } from '../test/build-test-app.ts';
import { createPost } from '../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';
import { adminQuery, TEMPLATE_DB_ENV, testDriver, withDatabase } from '../test/test-database.ts';

async function expectUnavailable(app: FastifyInstance, cookie: string, databaseName?: string) {
  const api = await app.inject({ url: '/api/events', headers: { cookie } });
  expect(api.statusCode).toBe(503);
  expect(api.headers['retry-after']).toBeDefined();
  const ready = await app.inject({ url: '/api/ready', headers: { cookie } });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ status: 'unavailable', error: expect.stringMatching(/^Database not reachable/) });
  if (databaseName) expect(ready.body).not.toContain(databaseName);
  const health = await app.inject({ url: '/api/health', headers: { cookie } });
  expect(health.statusCode).toBe(200);
}

describe('a database that refuses work', () => {
  it('reads the SQLSTATEs of a refusing server as "unavailable"', () => {
    for (const code of ['55000', '57P01', '57P03', '53300', '08006', '08P01']) expect(isConnectionError({ code })).toBe(true);
    expect(isConnectionError({ code: '23505' })).toBe(false);
    expect(isConnectionError(new Error('x', { cause: { code: '53300' } }))).toBe(true);
  });

  it('answers 503 with retry-after, and /api/ready says so even with a session cookie', async () => {
    const app = await buildTestApp();
    const { admin } = await installTestSchool(app);
    const cookie = await sessionCookie(app, admin);
    await app.database.current.close();
    await expectUnavailable(app, cookie);
    await app.close().catch(() => {});
  });

  it.skipIf(testDriver() !== 'pg')('on PostgreSQL: a database that stops accepting connections (55000, 57P01)', async () => {
    const app = await buildTestApp();
    const { admin } = await installTestSchool(app);
    const cookie = await sessionCookie(app, admin);
    const result = (await app.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const name = result.rows[0]!.name;
    await adminQuery(`alter database ${name} allow_connections false`);
    await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    try {
      await expectUnavailable(app, cookie, name);
    } finally {
      await adminQuery(`alter database ${name} allow_connections true`);
      await app.close().catch(() => {});
    }
  });
});

// Issue 29 (7): with PostgreSQL away, public pages answered 500 with the failed query's SQL in
// the HTML. They answer 503 (a balancer retries another instance) with nothing of the failure in
// it, and a page the cache still holds is answered as it was.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
const SQL_TEXT = /Failed query|select "|from "|\binsert into\b|ECONNREFUSED|PGlite is closed|params:/i;

/**
 * A site whose database can be taken away: on PostgreSQL every connection goes through a TCP
 * proxy that `cut` closes (connections then refused, as when the server is down); on the
 * built-in database `cut` closes it.
 */
async function siteWithCuttableDatabase(): Promise<{ app: FastifyInstance; cut: () => Promise<void> }> {
  const config = { pages: true, publicUrl: 'https://school.example' };
  if (testDriver() !== 'pg') {
    const app = await buildTestApp(config);
    return { app, cut: () => app.database.current.close() };
  }
  const name = `sprout_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${process.env[TEMPLATE_DB_ENV]}`);
  const direct = new URL(withDatabase(process.env.TEST_DATABASE_URL!, name));
  const proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  direct.host = `127.0.0.1:${await proxy.start()}`;
  const handle = await openDb({ kind: 'pg', url: direct.toString(), poolSize: 4 });
  const dataDir = mkdtempSync(join(tmpdir(), 'sprout-test-'));
  const app = await buildApp({
    ...config,
    dataDir,
    logLevel: 'silent',
    setupCode: TEST_SETUP_CODE,
    database: {
      ...handle,
      close: async () => {
        await handle.close().catch(() => {});
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    },
  });
  app.addHook('onClose', async () => {
    await proxy.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, cut: () => proxy.stop() };
}

describe.skipIf(!built)('public pages while the database refuses connections', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await app?.close().catch(() => {});
    app = undefined;
  });

  it('answer 503 with Retry-After and no SQL; a kept page is answered as it was, however old', async () => {
    const site = await siteWithCuttableDatabase();
    app = site.app;
    await installTestSchool(app);
    await createPost(app, { title: 'Harvest Week', slug: 'harvest-week', status: 'published' });
    const kept = await app.inject('/blog');
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toContain('Harvest Week');
    const keptFeed = await app.inject('/blog/rss.xml');
    expect(keptFeed.statusCode).toBe(200);
    await site.cut();
    // An hour on: every kept page and remembered read is past its time, so each page must be
    // drawn again from the database, and cannot be.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    expect(app.pageCache.get('/blog')).toBeUndefined();

    for (const url of ['/', '/events', '/blog/harvest-week', '/blog?page=2', '/events.ics', '/sitemap.xml']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBeDefined();
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('The site is briefly unavailable');
      expect(res.body, url).not.toMatch(SQL_TEXT);
      expect(res.headers['content-security-policy'], url).toBeDefined();
    }
    for (const url of ['/api/events', '/api/site/posts', '/api/school']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBeDefined();
      expect(res.body, url).not.toMatch(SQL_TEXT);
    }

    const stale = await app.inject('/blog');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(kept.body);
    const staleFeed = await app.inject('/blog/rss.xml');
    expect(staleFeed.statusCode).toBe(200);
    expect(staleFeed.body).toBe(keptFeed.body);
  });

  it('no API route shows the failure: each answers 503, or refuses before reading', async () => {
    const site = await siteWithCuttableDatabase();
    app = site.app;
    const { admin } = await installTestSchool(app);
    const cookie = await sessionCookie(app, admin);
    await site.cut();
    const routes = app.routeTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.includes('*'));
    expect(routes.length).toBeGreaterThan(40);
    for (const { method, url: pattern } of routes) {
      const url = pattern.replace(/:\w+/g, '1');
      const payload =
        method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', title: 'x', username: 'x', password: 'x' };
      for (const headers of [{ cookie }, {}]) {
        const res = await app.inject({ method: method as 'GET', url, headers, payload });
        expect(res.body, `${method} ${url}`).not.toMatch(SQL_TEXT);
        // Refused before any read (no session, a bad body, a closed install route), or a 503.
        if (res.statusCode !== 503)
          expect([200, 400, 401, 403, 404, 415], `${method} ${url} ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(
            res.statusCode,
          );
      }
    }
  });

  it('keeps no page drawn while the database was away', async () => {
    const site = await siteWithCuttableDatabase();
    app = site.app;
    await installTestSchool(app);
    await site.cut();
    expect((await app.inject('/events')).statusCode).toBe(503);
    expect(app.pageCache.stale('/events')).toBeUndefined();
  });
});
