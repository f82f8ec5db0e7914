import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** DESIGN §5: failed sign-ins per username and per address within a window. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfter: retryAfterSeconds },
    );
  }
}

const normalise = (username: string) => username.trim().toLowerCase();

/**
 * The bucket a sign-in counts against: the account (`user:ID`) when the name typed is its username
 * or e-mail, else the name as typed. One bucket per account, whichever name was used.
 */
export const accountKey = (name: string, userId: number | undefined) =>
  userId === undefined ? normalise(name).slice(0, 200) : `user:${userId}`;

/**
 * One atomic step per attempt: under a lock on the account and one on the address, check both
 * limits and count this attempt as a failure before the password is looked at. A burst of guesses
 * is therefore cut at each limit exactly, however many arrive at once and at however many
 * instances; a correct password then clears the account's failures.
 */
export async function admitLoginAttempt(db: Db, key: string, ip: string): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Always the account first, then the address; the address lock's holder waits for nothing
    // more, so two attempts never wait on each other in a circle. (Two-key form: its own space.)
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${`sprout-login:${key}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${`sprout-login-ip:${ip}`}))`);
    await assertLoginAllowed(tx, key, ip);
    await tx.insert(loginAttempts).values({ username: key, ip });
  });
  // Old rows are useless: prune them now and then.
  if (Math.random() < 0.05) await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(Date.now() - 24 * 3600 * 1000)));
}

/** Throws TooManyAttemptsError while either limit is reached; says when the oldest failure expires. */
async function assertLoginAllowed(db: Db, key: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  for (const [where, max] of [
    [eq(sql`lower(${loginAttempts.username})`, key), MAX_FAILURES_PER_USERNAME],
    [eq(loginAttempts.ip, ip), MAX_FAILURES_PER_IP],
  ] as const) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string>`min(${loginAttempts.at})` })
      .from(loginAttempts)
      .where(and(where, gt(loginAttempts.at, since)));
    if (row && row.count >= max) {
      // The limit lifts when enough failures have aged out; the oldest one is a safe lower bound.
      const [nth] = await db
        .select({ at: loginAttempts.at })
        .from(loginAttempts)
        .where(and(where, gt(loginAttempts.at, since)))
        .orderBy(sql`${loginAttempts.at} desc`)
        .limit(1)
        .offset(max - 1);
      const freeAt = (nth?.at ?? new Date(row.oldest)).getTime() + LOGIN_WINDOW_MS;
      throw new TooManyAttemptsError(Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
    }
  }
}

/** After a correct password: the account's failures (this attempt's included) are forgiven. */
export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(sql`lower(${loginAttempts.username})`, key));
}
