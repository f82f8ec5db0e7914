import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { SessionView } from '../../../shared/schemas/security.ts';
import { writesOf, type Db } from '../../db/client.ts';
import { keepNothing, keptUntilWrite, type KeepUntilWrite } from '../../db/lists.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { roles, sessions, users } from '../../db/schema/index.ts';
import { getSecuritySettings } from '../security/security-settings.service.ts';
import { describeDevice } from './device-name.ts';

export const SESSION_COOKIE = 'sid';
/** last_seen_at is written at most this often per session: no write per request. */
export const LAST_SEEN_EVERY_MS = 60_000;

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

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

/** A new session; it lives at most the school's "longest session" (Settings > Security). */
export async function createSession(db: Db, userId: number, meta: { ip?: string; userAgent?: string } = {}) {
  const token = randomBytes(32).toString('base64url');
  const { sessionMaxDays } = await getSecuritySettings(db);
  const expiresAt = new Date(Date.now() + sessionMaxDays * DAY_MS);
  await db
    .insert(sessions)
    .values({ id: sessionIdOf(token), userId, expiresAt, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) });
  return { token, expiresAt };
}

/** The session lookup every signed-in request makes: built once. */
const sessionUserPrepared = preparedPerDb((db) =>
  db
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
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('sprout_session_user'),
);

/**
 * A session's row kept until the next statement that may write the database, where this process
 * sees every one (the built-in database, writesOf): a sign-out, a revoked session, a changed user
 * or role, and the minute's last-seen mark are all writes, so a kept row is never one they changed.
 * The lookup was a quarter of the database thread's time on a back-office list (two statements of
 * each request's two). On PostgreSQL, which other instances write too, nothing is kept.
 */
const keptSessions = new WeakMap<Db, KeepUntilWrite>();
function keepSessions(db: Db): KeepUntilWrite {
  let keep = keptSessions.get(db);
  if (keep === undefined) {
    const writes = writesOf(db);
    keep = writes ? keptUntilWrite(writes) : keepNothing;
    keptSessions.set(db, keep);
  }
  return keep;
}

/**
 * The active user behind a session token, or null: unknown, expired, idle longer than the setting,
 * older than the longest session (both read now, so a shorter setting applies to open sessions
 * too), or the user is not active. Marks the session seen, at most once a minute.
 */
export async function userForSession(db: Db, token: string): Promise<SessionUser | null> {
  const id = sessionIdOf(token);
  const now = Date.now();
  const { sessionIdleHours, sessionMaxDays } = await getSecuritySettings(db);
  const [row] = await keepSessions(db)(id, () => sessionUserPrepared(db).execute({ id }));
  if (!row || row.status !== 'active') return null;
  const open =
    row.expiresAt.getTime() > now &&
    row.lastSeenAt.getTime() > now - sessionIdleHours * HOUR_MS &&
    row.createdAt.getTime() > now - sessionMaxDays * DAY_MS;
  if (!open) return null;
  if (now - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  const { lastSeenAt: _seen, expiresAt: _expires, createdAt: _created, ...user } = row;
  return { ...user, sessionId: id };
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user (password change, deactivation, deletion, an admin's "end all sessions"). */
export async function revokeUserSessions(db: Db, userId: number): Promise<number> {
  const gone = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ ref: sessions.ref });
  return gone.length;
}

/** Sessions past either lifetime, and the ones whose absolute end has come. */
export async function deleteExpiredSessions(db: Db) {
  const { sessionIdleHours, sessionMaxDays } = await getSecuritySettings(db);
  const now = Date.now();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now)),
        lt(sessions.lastSeenAt, new Date(now - sessionIdleHours * HOUR_MS)),
        lt(sessions.createdAt, new Date(now - sessionMaxDays * DAY_MS)),
      ),
    );
}

/** The user's open sessions, most recently seen first; `current` marks the one asking. */
export async function listSessions(db: Db, userId: number, currentId: string): Promise<SessionView[]> {
  const { sessionIdleHours, sessionMaxDays } = await getSecuritySettings(db);
  const now = Date.now();
  const rows = await db
    .select({
      id: sessions.id,
      ref: sessions.ref,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - sessionIdleHours * HOUR_MS)),
        gt(sessions.createdAt, new Date(now - sessionMaxDays * DAY_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.ref,
    ...describeDevice(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  }));
}

/** Ends one of the user's own sessions by the number it is shown with; false when there is none. */
export async function endSessionByRef(db: Db, userId: number, ref: number): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ref, ref)))
    .returning({ ref: sessions.ref });
  return gone.length > 0;
}

/** Ends every session of the user but the one asking; returns how many. */
export async function endOtherSessions(db: Db, userId: number, currentId: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ ref: sessions.ref });
  return gone.length;
}

/** The session's shown number (for the audit log: never its id). */
export async function sessionRef(db: Db, sessionId: string): Promise<number | null> {
  const [row] = await db.select({ ref: sessions.ref }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.ref ?? null;
}
