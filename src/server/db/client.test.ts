import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockPathOf, openDb } from './client.ts';
import { categories } from './schema/index.ts';
import { createTestDatabase } from '../test/test-database.ts';

describe('the built-in database (PGlite folder)', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'sprout-lock-')), 'db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener of a data dir in use, then opens once it is free', async () => {
    const first = await openDb({ kind: 'pglite', dataDir: dir });
    await expect(openDb({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(openDb({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/in use by another Sprout process/);
    await first.close();
    const second = await openDb({ kind: 'pglite', dataDir: dir });
    await second.ping();
    await second.close();
  }, 60_000);

  it('replaces a half-made database left by a process stopped during its first start', async () => {
    const fresh = join(dir, 'interrupted');
    mkdirSync(fresh);
    writeFileSync(join(fresh, 'partial-file'), 'left over');
    mkdirSync(`${fresh}.creating`);
    const handle = await openDb({ kind: 'pglite', dataDir: fresh });
    await handle.ping();
    await handle.close();
    expect(existsSync(join(fresh, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(fresh, 'partial-file'))).toBe(false);
    expect(existsSync(`${fresh}.creating`)).toBe(false);
  }, 60_000);

  it('takes over a lock left by a process that died', async () => {
    writeFileSync(lockPathOf(dir), '999999999');
    const handle = await openDb({ kind: 'pglite', dataDir: dir });
    await handle.ping();
    await handle.close();
  }, 60_000);
});

describe('the schema', () => {
  it('enforces constraints in the database, not only in code', async () => {
    const handle = await createTestDatabase();
    try {
      await handle.db.insert(categories).values({ name: 'Workshop' });
      await expect(handle.db.insert(categories).values({ name: 'workshop' })).rejects.toThrow();
      await expect(handle.db.insert(categories).values({ name: '   ' })).rejects.toThrow();
      await expect(
        handle.db.execute(sql`insert into events (title, description, category_id, location, start_date, end_date, status)
          values ('t', 'd', (select id from categories limit 1), 'here', now(), now() - interval '1 day', 'upcoming')`),
      ).rejects.toThrow();
      await expect(
        handle.db.execute(sql`insert into events (title, description, category_id, location, start_date, status)
          values ('t', 'd', (select id from categories limit 1), 'here', now(), 'cancelled')`),
      ).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });

  it('serves every newest-first list from an index, without sorting the table', async () => {
    const handle = await createTestDatabase();
    try {
      // Forbidden (not only dearer) sorts and scans: a list order no index serves shows a Sort.
      for (const setting of ['enable_sort', 'enable_seqscan', 'enable_bitmapscan'])
        await handle.db.execute(sql.raw(`set ${setting} = off`));
      const lists = [
        `from posts where status = 'published'`,
        `from posts`,
        `from galleries where published`,
        `from galleries`,
        `from enquiries where type = 'contact'`,
        `from enquiries`,
      ];
      for (const list of lists) {
        const plan = (await handle.db.execute(
          sql.raw(`explain select id ${list} order by created_at desc, id desc limit 10`),
        )) as {
          rows: Record<string, string>[];
        };
        const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
        expect(text, list).not.toMatch(/Sort|Seq Scan/);
      }
    } finally {
      await handle.close();
    }
  });
});
