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
