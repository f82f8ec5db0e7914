import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';
import { ROOT_DIR } from '../root.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'pg';

export type DbTarget =
  | { kind: 'pg'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** PostgreSQL: the connection URL (a listening connection of its own needs it). */
  url?: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a dump of the data dir, used to clone the migrated test template. */
  dump?(): Promise<Blob>;
}

const writeCounts = new WeakMap<Db, () => number>();

/**
 * How many statements that may write `db` has been sent, where this process is its only writer
 * (the built-in database: PgliteThread.writes); undefined on PostgreSQL, which other instances
 * may write too.
 */
export const writesOf = (db: Db): (() => number) | undefined => writeCounts.get(db);

export const MIGRATIONS_DIR = join(ROOT_DIR, 'src/server/db/migrations');

export async function openDb(target: DbTarget): Promise<DbHandle> {
  return target.kind === 'pg' ? openPostgres(target.url, target.poolSize) : openPglite(target);
}

async function openPostgres(url: string, poolSize = 10): Promise<DbHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Fail fast when the server is away: no request waits on a dead connection.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 10_000,
    query_timeout: 15_000,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pg',
    url,
    ping: async () => {
      await pool.query('select 1');
    },
    // Two instances starting together must not both apply the same migration: one waits for the other.
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query(`select pg_advisory_lock(hashtext('sprout-migrations'))`);
        try {
          await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query(`select pg_advisory_unlock(hashtext('sprout-migrations'))`);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(target: Extract<DbTarget, { kind: 'pglite' | 'pglite-memory' }>): Promise<DbHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let releaseLock = () => {};
  let client: PgliteThread;
  if (target.kind === 'pglite') {
    mkdirSync(dirname(target.dataDir), { recursive: true }); // PGlite does not create parents
    releaseLock = acquireLock(target.dataDir);
    try {
      client = await PgliteThread.open({ dataDir: target.dataDir, create: !existsSync(join(target.dataDir, 'PG_VERSION')) });
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PgliteThread.open({ loadDataDir: target.loadDataDir });
  }
  const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
  writeCounts.set(db, () => client.writes);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
    dump: () => client.dumpDataDir(),
  };
}

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The built-in database in ${dir} is in use by another Sprout process (pid ${pid}). ` +
        'Stop that process first, or give this one another DATA_DIR. ' +
        'Two processes on one built-in database would silently lose writes.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * PGlite has no lock of its own (TOOLCHAIN.md gotcha 3): a pid file beside the data dir
 * (`DATA_DIR/db.lock`) refuses a second process.
 */
export const lockPathOf = (dataDir: string) => `${dataDir}.lock`;

function acquireLock(dataDir: string): () => void {
  const path = lockPathOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirInUseError(dataDir, pid);
      rmSync(path, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Socket errors, and the SQLSTATEs of a server that refuses work for now: 55000 (database not
 * accepting connections), 57P01-57P03 (shutting down, starting up), 53300 (too many connections);
 * class 08 (connection exceptions) is matched whole.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '55000',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** Errors that mean the database is unreachable, as opposed to a bad query. */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (e.code && (CONNECTION_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (
    e.message &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection.*(closed|ended)|PGlite is closed|Cannot use a pool after calling end/i.test(
      e.message.slice(0, 300),
    )
  )
    return true;
  return e.cause ? isConnectionError(e.cause) : false;
}
