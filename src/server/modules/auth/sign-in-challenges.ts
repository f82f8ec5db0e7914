import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { SignInNext } from '../../../shared/schemas/security.ts';
import type { Db } from '../../db/client.ts';
import { signInChallenges } from '../../db/schema/index.ts';
import { sessionIdOf } from './sessions.service.ts';

/** The cookie that carries a sign-in between the password and the second step (only /api/auth/two-factor reads it). */
export const CHALLENGE_COOKIE = 'sid_2fa';
export const CHALLENGE_COOKIE_PATH = '/api/auth/two-factor';
/** Time to open the authenticator app, or to set one up. */
export const CHALLENGE_MINUTES = 15;

/** Opens a challenge after a right password; any earlier one of the user is dropped. */
export async function createChallenge(db: Db, userId: number, purpose: SignInNext, meta: { ip?: string; userAgent?: string }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60 * 1000);
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  await db.insert(signInChallenges).values({
    id: sessionIdOf(token),
    userId,
    purpose,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
    expiresAt,
  });
  return { token, expiresAt };
}

export async function findChallenge(db: Db, token: string | undefined) {
  if (!token) return null;
  const [row] = await db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId, purpose: signInChallenges.purpose })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, sessionIdOf(token)), gt(signInChallenges.expiresAt, new Date())));
  return row ?? null;
}

export async function deleteChallenge(db: Db, id: string) {
  await db.delete(signInChallenges).where(eq(signInChallenges.id, id));
}

export async function deleteExpiredChallenges(db: Db) {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()));
}
