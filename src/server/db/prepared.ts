import type { Db } from './client.ts';

/**
 * A prepared statement per database instance, made on first use: Drizzle then skips building the
 * SQL on every call. Keyed by the instance, because the app can swap its database (the installer
 * moves to PostgreSQL); callers pass the current `app.db` each time. Holds statements, not results.
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/** The most shapes kept per list; past it, new shapes are prepared for one call and not kept. */
const MAX_SHAPES = 200;
let shapeCount = 0;

/**
 * A list's prepared statements per database instance, one per shape: which filters it has, which
 * order, a first or a deeper page. The values (the search, the status, the limit and offset) are
 * placeholders, so a statement serves every page of its shape, and the HTTP thread does not build
 * the list's SQL on every request (Drizzle was 28-40 % of that thread's time on the events and
 * posts lists, docs/decisions/0016-list-request-cpu.md). `prepare` gets the
 * statement's name, unique in the process (PostgreSQL keeps named statements per connection).
 */
export function preparedPerShape(): <T>(db: Db, shape: string, prepare: (name: string) => T) => T {
  const statements = new WeakMap<Db, Map<string, unknown>>();
  return <T>(db: Db, shape: string, prepare: (name: string) => T): T => {
    let shapes = statements.get(db);
    if (shapes === undefined) statements.set(db, (shapes = new Map()));
    let statement = shapes.get(shape) as T | undefined;
    if (statement === undefined) {
      statement = prepare(`sprout_list_${++shapeCount}`);
      if (shapes.size < MAX_SHAPES) shapes.set(shape, statement);
    }
    return statement;
  };
}
