import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SystemRole } from '../../shared/permissions.ts';
import { roles, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createSession, SESSION_COOKIE } from '../modules/auth/sessions.service.ts';
import { markInstalled, seedSystemRoles } from '../modules/install/install-state.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

/** Puts the app in the installed state (system roles, one admin) without going through the wizard. */
export async function installTestSchool(app: FastifyInstance) {
  await seedSystemRoles(app.db);
  await markInstalled(app.db, { by: 'test' });
  const admin = await createUser(app, { role: 'admin', username: 'admin' });
  return { admin };
}

export async function createUser(
  app: FastifyInstance,
  opts: { role?: SystemRole | null; username?: string; status?: 'active' | 'inactive'; password?: string } = {},
) {
  const username = opts.username ?? `staff_${randomBytes(4).toString('hex')}`;
  let roleId: number | null = null;
  if (opts.role) {
    const [role] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.name, opts.role));
    if (!role) throw new Error(`Role ${opts.role} is missing: call installTestSchool(app) first.`);
    roleId = role.id;
  }
  const [user] = await app.db
    .insert(users)
    .values({
      username,
      email: `${username}@school.test`,
      passwordHash: await hashPassword(opts.password ?? TEST_PASSWORD),
      firstName: 'Test',
      lastName: username,
      roleId,
      status: opts.status ?? 'active',
    })
    .returning();
  return { ...user!, password: opts.password ?? TEST_PASSWORD };
}

/** A `cookie` header value for a signed-in session of the user (skips the login route). */
export async function sessionCookie(app: FastifyInstance, user: { id: number }): Promise<string> {
  const { token } = await createSession(app.db, user.id);
  return `${SESSION_COOKIE}=${token}`;
}
