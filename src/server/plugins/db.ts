import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDb, type Db, type DbHandle } from '../db/client.ts';
import type { AppConfig } from '../config.ts';

/** Holds the open database; the installer may swap it for PostgreSQL while the app runs. */
export class Database {
  private readonly swapListeners: ((next: DbHandle) => Promise<void> | void)[] = [];
  constructor(private handle: DbHandle) {}
  get db(): Db {
    return this.handle.db;
  }
  get kind() {
    return this.handle.kind;
  }
  get current(): DbHandle {
    return this.handle;
  }
  ping() {
    return this.handle.ping();
  }
  /**
   * Work that runs per database and started on the one the app opened with (a listening
   * connection, a sweep) starts again here on the new one. Must not throw.
   */
  onSwap(listener: (next: DbHandle) => Promise<void> | void) {
    this.swapListeners.push(listener);
  }
  /** Replaces the database; the old one is closed once in-flight work had a moment to finish. */
  async swap(next: DbHandle): Promise<void> {
    const previous = this.handle;
    this.handle = next;
    await previous.close();
    for (const listener of this.swapListeners) await listener(next);
  }
  close() {
    return this.handle.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Shorthand for `database.db`: always the current database. */
    db: Db;
  }
}

export async function openConfiguredDb(config: AppConfig): Promise<DbHandle> {
  const handle = config.databaseUrl
    ? await openDb({ kind: 'pg', url: config.databaseUrl })
    : await openDb({ kind: 'pglite', dataDir: join(config.dataDir, 'db') });
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const handle = opts.config.database ?? (await openConfiguredDb(opts.config));
    const database = new Database(handle);
    app.decorate('database', database);
    app.decorate('db', {
      getter() {
        return database.db;
      },
    });
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db' },
);
