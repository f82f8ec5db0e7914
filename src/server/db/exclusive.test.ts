import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from './client.ts';
import { runOnOneInstance } from './exclusive.ts';
import { adminQuery, createTestDatabase, testDriver, withDatabase } from '../test/test-database.ts';

describe('periodic jobs with several instances', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it.runIf(testDriver() === 'pg')('runs a job on one instance at a time; the others skip that round', async () => {
    const other = await openDb({ kind: 'pg', url: handle.url!, poolSize: 2 });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = runOnOneInstance(handle, 'test-job', async () => {
        await held;
        return 'done by the first';
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      let ran = false;
      expect(await runOnOneInstance(other, 'test-job', async () => (ran = true))).toBeUndefined();
      expect(ran).toBe(false);
      // Another job is not held up.
      expect(await runOnOneInstance(other, 'other-job', async () => 'other')).toBe('other');
      release();
      expect(await first).toBe('done by the first');
      // Free again once the first has finished.
      expect(await runOnOneInstance(other, 'test-job', async () => 'second')).toBe('second');
    } finally {
      await other.close();
    }
  });

  it.runIf(testDriver() === 'pglite')('just runs the job on the built-in database', async () => {
    expect(await runOnOneInstance(handle, 'test-job', async () => 'ran')).toBe('ran');
  });
});

describe.runIf(testDriver() === 'pg')('migrations with several instances starting together', () => {
  const name = `sprout_m_${randomBytes(5).toString('hex')}`;
  afterAll(() => adminQuery(`drop database if exists ${name} with (force)`));

  it('apply once: both instances start on an empty database', async () => {
    await adminQuery(`create database ${name}`);
    const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
    const [a, b] = await Promise.all([openDb({ kind: 'pg', url }), openDb({ kind: 'pg', url })]);
    try {
      await Promise.all([a.migrate(), b.migrate()]);
      const rows = (await a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { n: number }[];
      };
      const { readdirSync } = await import('node:fs');
      const { MIGRATIONS_DIR } = await import('./client.ts');
      expect(rows.rows[0]!.n).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
