import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../db/client.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';
import { adminQuery, testDriver } from '../test/test-database.ts';

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
