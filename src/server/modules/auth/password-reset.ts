import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { assertNewPassword } from '../security/password-policy.ts';
import { accountKey, clearLoginFailures } from './login-throttle.ts';
import { hashPassword } from './passwords.ts';
import { revokeUserSessions, sessionIdOf } from './sessions.service.ts';

/** A link works for 30 minutes, once (issue 31). */
export const RESET_MINUTES = 30;
/** Requests per address, and per network address, within an hour. */
export const MAX_RESETS_PER_EMAIL = 3;
export const MAX_RESETS_PER_IP = 10;
const WINDOW_MS = 60 * 60 * 1000;

export const RESET_LINK_INVALID = 'This link has expired or was already used. Ask for a new one from the sign-in page.';

export class TooManyResetsError extends AppError {
  constructor() {
    super(429, 'TOO_MANY_RESETS', 'Too many requests for a new password. Please try again in an hour.', {
      retryAfter: WINDOW_MS / 1000,
    });
  }
}

/**
 * Records a request for a new password and answers the account to send a link to, or null. The same
 * work and the same rows whether or not the address is a member of staff's (nothing tells them
 * apart), counted per address and per network address under a lock, so a burst at several
 * instances is cut at the limit exactly.
 */
export async function requestPasswordReset(
  db: Db,
  address: string,
  ip: string,
): Promise<{ user: { id: number; email: string; firstName: string | null }; token: string } | null> {
  const email = address.trim().toLowerCase().slice(0, 200);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(3, hashtext(${`sprout-reset:${email}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(4, hashtext(${`sprout-reset-ip:${ip}`}))`);
    const since = new Date(Date.now() - WINDOW_MS);
    const [[perEmail], [perIp]] = await Promise.all([
      tx
        .select({ n: count() })
        .from(passwordResets)
        .where(and(eq(passwordResets.email, email), gt(passwordResets.createdAt, since))),
      tx
        .select({ n: count() })
        .from(passwordResets)
        .where(and(eq(passwordResets.ip, ip), gt(passwordResets.createdAt, since))),
    ]);
    if (perEmail!.n >= MAX_RESETS_PER_EMAIL || perIp!.n >= MAX_RESETS_PER_IP) throw new TooManyResetsError();
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), eq(users.status, 'active')))
      .limit(1);
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResets).values({
      email,
      ip,
      userId: user?.id,
      tokenHash: user ? sessionIdOf(token) : null,
      expiresAt: new Date(Date.now() + RESET_MINUTES * 60 * 1000),
    });
    // Old rows count for nothing: prune them now and then.
    if (Math.random() < 0.05)
      await tx.delete(passwordResets).where(lt(passwordResets.createdAt, new Date(Date.now() - 24 * WINDOW_MS)));
    return user ? { user, token } : null;
  });
}

/** The request a token belongs to while it still works: its id and user, or null. */
async function usableReset(db: Db, token: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, username: users.username, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sessionIdOf(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        eq(users.status, 'active'),
      ),
    );
  return row ?? null;
}

/** Whether a link still works (the reset page asks before a password is typed). */
export async function resetLinkWorks(db: Db, token: string): Promise<boolean> {
  return (await usableReset(db, token)) !== null;
}

/**
 * Sets the password a link was sent for: the school's policy applies, the link and every other
 * one of the account stop working, its sessions end and its failed sign-ins are forgotten. The
 * second factor stays: the next sign-in still asks for it.
 */
export async function resetPassword(db: Db, token: string, newPassword: string, ip: string) {
  const reset = await usableReset(db, token);
  if (!reset) throw badRequest(RESET_LINK_INVALID, { fields: { token: RESET_LINK_INVALID } });
  await assertNewPassword(db, newPassword, 'newPassword', [reset.username, reset.email]);
  const passwordHash = await hashPassword(newPassword);
  const claimed = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Used once: of two tabs sending the same link at once, one wins.
    const [mine] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!mine) return false;
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId!), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, reset.userId!));
    return true;
  });
  if (!claimed) throw badRequest(RESET_LINK_INVALID, { fields: { token: RESET_LINK_INVALID } });
  await revokeUserSessions(db, reset.userId!);
  await clearLoginFailures(db, accountKey(reset.username, reset.userId!));
  await audit(
    db,
    { userId: reset.userId, username: reset.username, ip },
    { action: 'password-reset', entity: 'user', entityId: reset.userId, title: reset.username },
  );
}
