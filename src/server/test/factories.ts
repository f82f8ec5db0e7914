import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ALL_OFF, MODULES, type Module, type ModulePermission, type SystemRole } from '../../shared/permissions.ts';
import { rolePermissions, roles, userPermissions, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createSession, SESSION_COOKIE } from '../modules/auth/sessions.service.ts';
import { markInstalled, seedSystemRoles } from '../modules/install/install-state.ts';
import { saveSchoolProfile } from '../modules/site/site.service.ts';
import { DEFAULT_SCHOOL } from '../../shared/schemas/school-defaults.ts';
import { TEST_BRANCHES } from './install-payload.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

/** Puts the app in the installed state (system roles, one admin) without going through the wizard. */
export async function installTestSchool(app: FastifyInstance) {
  await seedSystemRoles(app.db);
  await markInstalled(app.db, { by: 'test' });
  // An installed school has its profile, with the branches the install asked for.
  await saveSchoolProfile(app.db, { ...DEFAULT_SCHOOL, branches: TEST_BRANCHES });
  const admin = await createUser(app, { role: 'admin', username: 'admin' });
  return { admin };
}

/** Some modules' permissions; every module left out is off. */
export type Grants = Partial<Record<Module, Partial<ModulePermission>>>;

const grantRows = (grants: Grants) =>
  MODULES.map((module) => {
    const p = { ...ALL_OFF, ...grants[module] };
    return { module, canRead: p.read, canWrite: p.write, canDelete: p.delete };
  });

/** A custom role with the given permissions. */
export async function createRole(app: FastifyInstance, name: string, grants: Grants, displayName = name) {
  const [role] = await app.db.insert(roles).values({ name, displayName }).returning();
  await app.db.insert(rolePermissions).values(grantRows(grants).map((row) => ({ roleId: role!.id, ...row })));
  return role!;
}

/**
 * A staff user with a role (a system role's name or a custom role's) and, with `permissions`, their
 * own entries (which replace the role's, DESIGN §6).
 */
export async function createUser(
  app: FastifyInstance,
  opts: {
    role?: SystemRole | (string & {}) | null;
    username?: string;
    status?: 'active' | 'inactive';
    password?: string;
    permissions?: Grants;
  } = {},
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
  if (opts.permissions) {
    await app.db.insert(userPermissions).values(
      grantRows(opts.permissions).map((row) => ({
        userId: user!.id,
        enabled: row.canRead || row.canWrite || row.canDelete,
        ...row,
      })),
    );
  }
  return { ...user!, password: opts.password ?? TEST_PASSWORD };
}

/** A `cookie` header value for a signed-in session of the user (skips the login route). */
export async function sessionCookie(app: FastifyInstance, user: { id: number }): Promise<string> {
  const { token } = await createSession(app.db, user.id);
  return `${SESSION_COOKIE}=${token}`;
}
