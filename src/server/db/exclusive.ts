import { sql } from 'drizzle-orm';
import type { Db, DbKind } from './client.ts';

/**
 * Runs a periodic job (retention, clean-up, the daily backup) on one instance only: on PostgreSQL
 * the job holds a transaction-scoped advisory lock for its whole run, and an instance that cannot
 * take it skips this round (another is doing the work). The built-in database has one process: the
 * job just runs (a transaction there would hold its only connection and stall the job's queries).
 * Resolves with the job's result, or undefined when skipped.
 */
export async function runOnOneInstance<T>(
  database: { kind: DbKind; db: Db },
  job: string,
  run: () => Promise<T>,
): Promise<T | undefined> {
  if (database.kind !== 'pg') return run();
  let result: T | undefined;
  await database.db.transaction(async (tx) => {
    const rows = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${`sprout-job:${job}`})) as got`,
    )) as unknown as {
      rows: { got: boolean }[];
    };
    if (rows.rows[0]?.got) result = await run();
  });
  return result;
}
