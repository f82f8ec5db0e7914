import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/client.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { getSecuritySettings } from '../modules/security/security-settings.service.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';
import { testDriver } from '../test/test-database.ts';

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(testDriver() === 'pg')('site changes heard by every instance (PostgreSQL)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  const heardByB: { what: string; remote: boolean }[] = [];
  const heardByA: { what: string; remote: boolean }[] = [];

  beforeAll(async () => {
    a = await buildTestApp();
    const second = await openDb({ kind: 'pg', url: a.database.current.url!, poolSize: 2 });
    b = await buildTestApp({ database: second });
    a.siteChanges.subscribe((what, remote) => heardByA.push({ what, remote }));
    b.siteChanges.subscribe((what, remote) => heardByB.push({ what, remote }));
    await Promise.all([a.ready(), b.ready()]);
    await until(() => a.siteChanges.listening() && b.siteChanges.listening(), 'both instances listening');
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a write on one instance reaches the other, which clears; the writer clears at once', async () => {
    heardByA.length = 0;
    heardByB.length = 0;
    a.siteChanges.publish('/api/events/7');
    expect(heardByA).toEqual([{ what: '/api/events/7', remote: false }]);
    await until(() => heardByB.length > 0, 'the other instance to hear the change');
    expect(heardByB).toEqual([{ what: '/api/events/7', remote: true }]);
    // A's own notification comes back to A too, and is ignored.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByA).toHaveLength(1);
  });

  it('a settings write answered by one instance is announced; the other reads the new settings at once', async () => {
    const { admin } = await installTestSchool(a);
    expect((await getSecuritySettings(b.db)).sessionIdleHours).toBe(12); // now in b's memory
    const saved = await a.inject({
      method: 'PUT',
      url: '/api/security/settings',
      payload: { sessionIdleHours: 3 },
      headers: { cookie: await sessionCookie(a, admin) },
    });
    expect(saved.statusCode).toBe(200);
    await until(() => heardByB.some((h) => h.what === '/api/security/settings'), 'the other instance to hear the write');
    expect((await getSecuritySettings(b.db)).sessionIdleHours).toBe(3); // not the remembered 12
  });

  it('after losing its listening connection, an instance reconnects and clears everything', async () => {
    heardByB.length = 0;
    // Cut every listening connection to this database from the server's side.
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await until(() => heardByB.some((h) => h.what === '*'), 'the reconnection to clear everything');
    await until(() => b.siteChanges.listening(), 'listening again');
    heardByB.length = 0;
    a.siteChanges.publish('/api/school');
    await until(() => heardByB.some((h) => h.what === '/api/school'), 'a change after the reconnection');
  });
});

describe.runIf(testDriver() === 'pglite')('site changes on the built-in database', () => {
  it('only clear this process (there is no other)', async () => {
    const app = await buildTestApp();
    try {
      const heard: string[] = [];
      app.siteChanges.subscribe((what) => heard.push(what));
      await app.ready();
      app.siteChanges.publish('/api/school');
      expect(heard).toEqual(['/api/school']);
      expect(app.siteChanges.listening()).toBe(false);
    } finally {
      await app.close();
    }
  }, 60_000);
});
