import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { limitHits } from './schema/index.ts';

/** A limit counted in the database, so it holds for every process on it (DESIGN §8). */
export interface SharedLimit {
  /** Names the limit in `limit_hits.key` (`enquiry`, `setup-code`). */
  name: string;
  max: number;
  windowMs: number;
}

const keyOf = (limit: SharedLimit, client: string) => `${limit.name}:${client.slice(0, 200)}`;

/** Seconds until `client` is under `limit` again, or 0 (counts nothing). */
export async function limitRetryAfter(db: Db, limit: SharedLimit, client: string): Promise<number> {
  const since = new Date(Date.now() - limit.windowMs);
  const [nth] = await db
    .select({ at: limitHits.at })
    .from(limitHits)
    .where(and(eq(limitHits.key, keyOf(limit, client)), gt(limitHits.at, since)))
    .orderBy(sql`${limitHits.at} desc`)
    .limit(1)
    .offset(limit.max - 1);
  if (!nth) return 0;
  // The limit lifts when the max-th most recent hit leaves the window.
  return Math.max(1, Math.ceil((nth.at.getTime() + limit.windowMs - Date.now()) / 1000));
}

/** Counts one event for `client`. */
export async function recordLimitHit(db: Db, limit: SharedLimit, client: string): Promise<void> {
  await db.insert(limitHits).values({ key: keyOf(limit, client) });
  prune(db);
}

/**
 * One atomic step: under a lock on the key, returns the wait when `client` is at the limit, else
 * counts this event and returns 0. A burst spread over several processes is cut at the limit.
 */
export async function admitLimitHit(db: Db, limit: SharedLimit, client: string): Promise<number> {
  return (await admit(db, limit, client)).retryAfter;
}

/**
 * For a limit on failures (wrong setup codes): the attempt is counted as one before it is checked,
 * atomically as admitLimitHit does, so a burst never has more than `max` checked; `forgive` takes
 * the count back once the attempt turned out right.
 */
export async function admitAttempt(
  db: Db,
  limit: SharedLimit,
  client: string,
): Promise<{ retryAfter: number; forgive(): Promise<void> }> {
  const { retryAfter, id } = await admit(db, limit, client);
  return {
    retryAfter,
    forgive: async () => {
      if (id !== undefined) await db.delete(limitHits).where(eq(limitHits.id, id));
    },
  };
}

async function admit(db: Db, limit: SharedLimit, client: string): Promise<{ retryAfter: number; id?: number }> {
  const key = keyOf(limit, client);
  const admitted = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sprout-limit:${key}`}))`);
    const retryAfter = await limitRetryAfter(tx, limit, client);
    if (retryAfter > 0) return { retryAfter };
    const [row] = await tx.insert(limitHits).values({ key }).returning({ id: limitHits.id });
    return { retryAfter: 0, id: row!.id };
  });
  if (admitted.retryAfter === 0) prune(db);
  return admitted;
}

/** Rows older than a day are useless to every limit here: dropped now and then, never awaited. */
function prune(db: Db) {
  if (Math.random() >= 0.02) return;
  void db
    .delete(limitHits)
    .where(lt(limitHits.at, new Date(Date.now() - 24 * 3600 * 1000)))
    .catch(() => {});
}
