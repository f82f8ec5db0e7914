import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { AppError, badRequest, unauthorized } from '../../errors.ts';
import type { ChangePassword, Login } from '../../../shared/schemas/auth.ts';
import type { SignInNext } from '../../../shared/schemas/security.ts';
import type { CurrentUser } from '../../../shared/schemas/user.ts';
import { findUser } from '../users/user-rows.ts';
import { audit, type AuditWho } from '../audit/audit.service.ts';
import { assertNewPassword } from '../security/password-policy.ts';
import { getTwoFactorPolicy, twoFactorRequiredFor } from '../security/security-settings.service.ts';
import { hasTwoFactor, twoFactorSetupDue } from '../two-factor/two-factor.service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { effectivePermissions } from './permissions.service.ts';
import { accountKey, admitLoginAttempt, clearLoginFailures, TooManyAttemptsError } from './login-throttle.ts';
import { createSession, deleteSession, revokeUserSessions, sessionIdOf } from './sessions.service.ts';
import { createChallenge } from './sign-in-challenges.ts';

/** One message for an unknown user and a wrong password (DESIGN §5). */
export const LOGIN_FAILED = 'Invalid username or password.';

export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator of the school to turn it back on.';

/** The signed-in user with the effective permissions (DESIGN §6), or null. */
export async function currentUser(db: Db, userId: number): Promise<CurrentUser | null> {
  const user = await findUser(db, userId);
  if (!user) return null;
  const permissions = await effectivePermissions(db, { id: user.id, roleId: user.roleId, roleName: user.roleName });
  return { ...user, permissions, twoFactorSetupDue: await twoFactorSetupDue(db, user) };
}

export interface LoginMeta {
  ip: string;
  userAgent?: string;
  /** The session token the browser presented, deleted so the id is rotated at sign-in. */
  previousToken?: string;
}

export type LoginResult =
  | { kind: 'session'; session: { token: string; expiresAt: Date }; user: CurrentUser }
  | { kind: 'challenge'; next: SignInNext; challenge: { token: string; expiresAt: Date } };

const who = (user: { id: number; username: string } | undefined, ip: string): AuditWho => ({
  userId: user?.id ?? null,
  username: user?.username ?? null,
  ip,
});

/**
 * Counts the attempt against the account (throwing 429 past the limit), then checks the password
 * (constant work for unknown users). A right password opens a session, or, when the user has a
 * second factor (or the school requires one they have not set up), a challenge for the second step.
 */
export async function login(db: Db, input: Login, meta: LoginMeta): Promise<LoginResult> {
  const name = input.username.trim().toLowerCase();
  const [found] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      status: users.status,
      roleId: users.roleId,
    })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)))
    .limit(1);
  const key = accountKey(name, found?.id);
  try {
    await admitLoginAttempt(db, key, meta.ip);
  } catch (error) {
    if (error instanceof TooManyAttemptsError) await auditLocked(db, who(found, meta.ip));
    throw error;
  }
  const valid = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!found || !valid || found.status !== 'active') {
    const reason = !found ? 'unknown username' : !valid ? 'wrong password' : 'account not active';
    const title = found?.username ?? 'Unknown username';
    await audit(db, who(found, meta.ip), {
      action: 'sign-in-failed',
      entity: 'user',
      entityId: found?.id,
      title,
      details: { reason },
    });
    // The right password of a deactivated account: say so (issue 31); whoever typed it knows the password already.
    if (found && valid) throw new AppError(403, 'ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED);
    throw unauthorized(LOGIN_FAILED);
  }
  await clearLoginFailures(db, key);
  if (meta.previousToken) await deleteSession(db, sessionIdOf(meta.previousToken));
  const next = await secondStepFor(db, found);
  if (next) return { kind: 'challenge', next, challenge: await createChallenge(db, found.id, next, meta) };
  return { kind: 'session', ...(await completeSignIn(db, found.id, meta, 'password')) };
}

/** The second step a right password leads to: a code, a setup the school requires, or none. */
async function secondStepFor(db: Db, user: { id: number; roleId: number | null }): Promise<SignInNext | null> {
  if (await hasTwoFactor(db, user.id)) return 'totp';
  return twoFactorRequiredFor(await getTwoFactorPolicy(db), user.roleId) ? 'totp-setup' : null;
}

/**
 * A locked account is tried again and again by whoever is guessing: one entry a minute per account
 * and address is enough to see it.
 */
async function auditLocked(db: Db, w: AuditWho) {
  const [recent] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'sign-in-locked'),
        gt(auditLog.createdAt, new Date(Date.now() - 60_000)),
        w.userId === null ? sql`${auditLog.userId} is null` : eq(auditLog.userId, w.userId),
        eq(auditLog.ip, w.ip ?? ''),
      ),
    )
    .limit(1);
  if (!recent)
    await audit(db, w, { action: 'sign-in-locked', entity: 'user', entityId: w.userId, title: w.username ?? 'Unknown username' });
}

/** The end of every sign-in: a new session, the last-login time, and the audit entry. */
export async function completeSignIn(db: Db, userId: number, meta: LoginMeta, method: 'password' | 'totp' | 'recovery-code') {
  const session = await createSession(db, userId, meta);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  const user = (await currentUser(db, userId))!;
  await audit(db, who(user, meta.ip), {
    action: 'sign-in',
    entity: 'user',
    entityId: userId,
    title: user.username,
    details: { method },
  });
  return { session, user };
}

/**
 * Checks a signed-in user's current password before a sensitive change (password, second factor),
 * under the same attempt limit as signing in. 400 on the field when it is wrong.
 */
export async function verifyCurrentPassword(db: Db, userId: number, password: string, ip: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'The user was not found.');
  const key = accountKey('', userId);
  await admitLoginAttempt(db, key, ip);
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw badRequest('The current password is incorrect.', { fields: { currentPassword: 'The current password is incorrect.' } });
  }
  await clearLoginFailures(db, key);
}

/** Verifies the current password, stores the new one and revokes every session of the user. */
export async function changePassword(
  db: Db,
  user: { id: number; username: string },
  input: ChangePassword,
  meta: { ip: string },
) {
  await verifyCurrentPassword(db, user.id, input.currentPassword, meta.ip);
  if (input.currentPassword === input.newPassword) {
    throw badRequest('The new password must differ from the current one.', {
      fields: { newPassword: 'The new password must differ from the current one.' },
    });
  }
  const person = await findUser(db, user.id);
  await assertNewPassword(db, input.newPassword, 'newPassword', [
    person?.username,
    person?.email,
    person?.firstName,
    person?.lastName,
  ]);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx as unknown as Db, user.id);
  });
  await audit(db, who(user, meta.ip), { action: 'password-change', entity: 'user', entityId: user.id, title: user.username });
}
