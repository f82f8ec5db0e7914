import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, sessions, users } from '../../db/schema/index.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 14;

/** The cookie carries the token; the table keeps its SHA-256, so a leaked table opens no session. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number | null;
  roleName: string | null;
  status: 'active' | 'inactive' | 'suspended';
  profileImageUrl: string | null;
  sessionId: string;
}

export async function createSession(db: Db, userId: number, meta: { ip?: string; userAgent?: string } = {}) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await db
    .insert(sessions)
    .values({ id: sessionIdOf(token), userId, expiresAt, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) });
  return { token, expiresAt };
}

/** The active user behind a session token, or null (unknown, expired, or the user is not active). */
export async function userForSession(db: Db, token: string): Promise<SessionUser | null> {
  const id = sessionIdOf(token);
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      roleName: roles.name,
      status: users.status,
      profileImageUrl: users.profileImageUrl,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
  if (!row || row.status !== 'active') return null;
  return { ...row, sessionId: id };
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user (password change, deactivation, deletion). */
export async function revokeUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
