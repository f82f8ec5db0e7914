import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openDb, type DbHandle } from '../db/client.ts';

/**
 * Which database the tests use: PostgreSQL when TEST_DATABASE_URL is set (and TEST_DB is not
 * `pglite`), else the built-in PGlite. Either way each test app gets a clone of one migrated
 * template made once per run (a new PGlite costs seconds of initdb; a clone 0.4 s).
 */
export const testDriver = (): 'pg' | 'pglite' =>
  process.env.TEST_DATABASE_URL && process.env.TEST_DB !== 'pglite' ? 'pg' : 'pglite';

export const TEMPLATE_FILE_ENV = 'SPROUT_TEST_TEMPLATE';
export const TEMPLATE_DB_ENV = 'SPROUT_TEST_TEMPLATE_DB';

/** postgres://... with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(sqlText: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test app; closing the handle drops a PostgreSQL clone. */
export async function createTestDatabase(): Promise<DbHandle> {
  if (testDriver() === 'pg') {
    const template = process.env[TEMPLATE_DB_ENV];
    if (!template) throw new Error('The PostgreSQL test template is missing: run the tests through vitest (global setup).');
    const name = `sprout_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${template}`);
    const handle = await openDb({ kind: 'pg', url: withDatabase(process.env.TEST_DATABASE_URL!, name), poolSize: 4 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const file = process.env[TEMPLATE_FILE_ENV];
  if (!file) throw new Error('The PGlite test template is missing: run the tests through vitest (global setup).');
  return openDb({ kind: 'pglite-memory', loadDataDir: new Blob([await readFile(file)]) });
}
