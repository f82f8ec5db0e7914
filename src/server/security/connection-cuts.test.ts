import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';
import { adminQuery, testDriver } from '../test/test-database.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL taking connections away while staff are writing: every connection killed
 * (pg_terminate_backend), then the database refusing new ones for a while (ALLOW_CONNECTIONS false),
 * on the test's own database, never a server stop. Requests answer 503 fast, /api/ready says why,
 * the app recovers without a restart, and every write that was answered 201 is in the database.
 */
describe.runIf(testDriver() === 'pg')('PostgreSQL connections cut under load', () => {
  it('answers 503 within a second, says why on /api/ready, recovers by itself, and loses no acknowledged write', async () => {
    const app = await buildTestApp();
    const { admin } = await installTestSchool(app);
    const cookie = await sessionCookie(app, admin);
    const [{ name } = { name: '' }] = (
      (await app.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    const terminate = () =>
      adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);

    const acknowledged: string[] = [];
    const unavailable: number[] = [];
    const unexpected: string[] = [];
    let stop = false;
    let next = 0;
    const writer = async () => {
      while (!stop) {
        const category = `Load ${next++}`;
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/categories',
          headers: { cookie },
          payload: { name: category },
        });
        const ms = performance.now() - started;
        if (res.statusCode === 201) acknowledged.push(category);
        else if (res.statusCode === 503) {
          unavailable.push(ms);
          await sleep(20);
        } else unexpected.push(`${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    };
    try {
      const writers = Array.from({ length: 6 }, writer);
      await sleep(400);
      await terminate();
      await sleep(400);
      await adminQuery(`alter database ${name} allow_connections false`);
      await terminate();
      await sleep(300);
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toMatch(/^Database not reachable: it is not accepting connections now\.$/);
      expect(ready.body).not.toContain(name);
      await sleep(1000);
      await adminQuery(`alter database ${name} allow_connections true`);

      await expect
        .poll(async () => (await app.inject({ url: '/api/ready' })).statusCode, { timeout: 10_000, interval: 100 })
        .toBe(200);
      const during = acknowledged.length;
      await sleep(400);
      stop = true;
      await Promise.all(writers);

      expect(unexpected).toEqual([]);
      expect(unavailable.length, 'requests answered 503 while connections were cut').toBeGreaterThan(0);
      expect(Math.max(...unavailable), 'slowest 503 (ms)').toBeLessThan(1000);
      expect(acknowledged.length, 'writes acknowledged after recovery').toBeGreaterThan(during);
      const stored = new Set((await app.db.select({ name: categories.name }).from(categories)).map((c) => c.name));
      expect(acknowledged.filter((c) => !stored.has(c))).toEqual([]);
    } finally {
      stop = true;
      await adminQuery(`alter database ${name} allow_connections true`).catch(() => undefined);
      await app.close();
    }
  }, 60_000);
});
