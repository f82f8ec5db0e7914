import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest, unauthorized } from '../../errors.ts';
import type { ChangePassword, Login } from '../../../shared/schemas/auth.ts';
import type { CurrentUser } from '../../../shared/schemas/user.ts';
import { findUser } from '../users/user-rows.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { effectivePermissions } from './permissions.service.ts';
import { accountKey, admitLoginAttempt, clearLoginFailures } from './login-throttle.ts';
import { createSession, deleteSession, revokeUserSessions, sessionIdOf } from './sessions.service.ts';

/** One message for an unknown user, a wrong password and an inactive account (DESIGN §5). */
export const LOGIN_FAILED = 'Invalid username or password.';

/** The signed-in user with the effective permissions (DESIGN §6), or null. */
export async function currentUser(db: Db, userId: number): Promise<CurrentUser | null> {
  const user = await findUser(db, userId);
  if (!user) return null;
  const permissions = await effectivePermissions(db, { id: user.id, roleId: user.roleId, roleName: user.roleName });
  return { ...user, permissions };
}

export interface LoginMeta {
  ip: string;
  userAgent?: string;
  /** The session token the browser presented, deleted so the id is rotated at sign-in. */
  previousToken?: string;
}

/**
 * Counts the attempt against the account (throwing 429 past the limit), then checks the password
 * (constant work for unknown users), then opens a new session.
 */
export async function login(db: Db, input: Login, meta: LoginMeta) {
  const name = input.username.trim().toLowerCase();
  const [found] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)))
    .limit(1);
  const key = accountKey(name, found?.id);
  await admitLoginAttempt(db, key, meta.ip);
  const valid = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!found || !valid || found.status !== 'active') throw unauthorized(LOGIN_FAILED);
  await clearLoginFailures(db, key);
  if (meta.previousToken) await deleteSession(db, sessionIdOf(meta.previousToken));
  const session = await createSession(db, found.id, meta);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, found.id));
  return { session, user: (await currentUser(db, found.id))! };
}

/** Verifies the current password, stores the new one and revokes every session of the user. */
export async function changePassword(db: Db, userId: number, input: ChangePassword, meta: { ip: string }) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'The user was not found.');
  const key = accountKey('', userId);
  await admitLoginAttempt(db, key, meta.ip);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest('The current password is incorrect.', { fields: { currentPassword: 'The current password is incorrect.' } });
  }
  await clearLoginFailures(db, key);
  if (input.currentPassword === input.newPassword) {
    throw badRequest('The new password must differ from the current one.', {
      fields: { newPassword: 'The new password must differ from the current one.' },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx as unknown as Db, userId);
  });
}
