import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { adminQuery, TEMPLATE_DB_ENV, TEMPLATE_FILE_ENV, testDriver, withDatabase } from './test-database.ts';

/** Makes the migrated template database that every test app clones. */
export default async function setup() {
  if (testDriver() === 'pg') {
    const name = `sprout_tpl_${randomBytes(6).toString('hex')}`;
    try {
      await adminQuery(`create database ${name}`);
    } catch (error) {
      throw new Error(`PostgreSQL at TEST_DATABASE_URL is not usable: ${(error as Error).message}`);
    }
    const handle = await openDb({ kind: 'pg', url: withDatabase(process.env.TEST_DATABASE_URL!, name), poolSize: 1 });
    await handle.migrate();
    await handle.close();
    process.env[TEMPLATE_DB_ENV] = name;
    console.log(`tests run on PostgreSQL (template ${name})`);
    return async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    };
  }
  const handle = await openDb({ kind: 'pglite-memory' });
  await handle.migrate();
  const dump = await handle.dump!();
  await handle.close();
  const file = join(tmpdir(), `sprout-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_FILE_ENV] = file;
  console.log('tests run on the built-in database (PGlite)');
  return () => rmSync(file, { force: true });
}
