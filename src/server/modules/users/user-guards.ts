import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { missingPermissions, type PermissionMap } from '../../../shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { effectivePermissions } from '../auth/permissions.service.ts';

/**
 * Who is acting: the signed-in user (a body's `createdBy` is never trusted), with their role and
 * effective permissions, which bound what they may grant and whom they may manage.
 */
export type Actor = { id: number; roleId: number | null; roleName: string | null; permissions: PermissionMap };

/** The signed-in user with their effective permissions (computed once per request). */
export const actorOf = async (request: FastifyRequest): Promise<Actor> => ({
  id: request.user!.id,
  roleId: request.user!.roleId,
  roleName: request.user!.roleName,
  permissions: (await request.permissions())!,
});

export type Target = { id: number; roleId: number | null; roleName: string | null; status: string };

/** Runs `work` in one transaction (DESIGN §3: nothing is ever half-saved). */
export const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as Db));

/**
 * Serialises the writes that can remove an active administrator, so that two at once cannot both
 * see "another admin remains" and leave none.
 */
export async function lockAdministrators(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sprout-administrators'))`);
}

export async function targetUser(db: Db, id: number): Promise<Target> {
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, roleName: roles.name, status: users.status })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id));
  if (!row) throw notFound('The user');
  return row;
}

/** The role a form chose, or null for "Unassigned"; an unknown id is the form's mistake (400). */
export async function chosenRole(db: Db, roleId: number | null): Promise<{ id: number; name: string } | null> {
  if (roleId === null) return null;
  const [role] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw badRequest('The chosen role does not exist.', { fields: { roleId: 'The chosen role does not exist.' } });
  return role;
}

/**
 * Only an administrator may change an administrator's account or give the admin role: otherwise
 * anyone with `users: write` could take over an admin account by setting its password.
 */
export function assertMayManage(actor: Actor, target: Pick<Target, 'roleName'> | null, newRoleName?: string | null) {
  if (actor.roleName === 'admin') return;
  if (target?.roleName === 'admin') throw forbidden("Only an administrator can change an administrator's account.");
  if (newRoleName === 'admin') throw forbidden('Only an administrator can give the admin role.');
}

const isAdmin = (actor: Actor) => actor.roleName === 'admin';

/** Issue 29: a non-administrator gives a role or a user only permissions they hold themselves. */
export function assertGrantable(actor: Actor, wanted: PermissionMap) {
  if (isAdmin(actor)) return;
  const missing = missingPermissions(actor.permissions, wanted);
  if (missing.length > 0) throw forbidden(`You can only grant permissions you hold yourself: ${missing.join(', ')}`);
}

/**
 * Issue 29: a non-administrator never manages someone who holds a permission they lack (setting
 * their password, deactivating, deleting, resetting their second factor, changing their access).
 */
export async function assertTargetWithinActor(db: Db, actor: Actor, target: Target) {
  if (isAdmin(actor)) return;
  const missing = missingPermissions(actor.permissions, await effectivePermissions(db, target));
  if (missing.length > 0) {
    throw forbidden(`This user holds permissions you do not (${missing.join(', ')}): ask an administrator.`);
  }
}

/** Every check before changing another person's account: the admin rule, then "holds no more than you". */
export async function assertMayManageUser(db: Db, actor: Actor, target: Target, newRoleName?: string | null) {
  assertMayManage(actor, target, newRoleName);
  await assertTargetWithinActor(db, actor, target);
}

export function assertNotSelf(actor: Actor, targetId: number, message: string) {
  if (actor.id === targetId) throw badRequest(message);
}

/** A non-administrator with `users: write` never changes their own access (403). */
export function assertNotSelfUnlessAdmin(actor: Actor, targetId: number, message: string) {
  if (!isAdmin(actor) && actor.id === targetId) throw forbidden(message);
}

const LAST_ADMIN = {
  delete: 'The last active administrator cannot be deleted: give another user the admin role first.',
  deactivate: 'The last active administrator cannot be deactivated: give another user the admin role first.',
  demote: 'The last active administrator must keep the admin role: give another user the admin role first.',
};

/** Refuses a change that would leave the school without an active administrator (call under lockAdministrators). */
export async function assertNotLastAdmin(tx: Db, target: Target, change: keyof typeof LAST_ADMIN) {
  if (target.roleName !== 'admin' || target.status !== 'active') return;
  const [row] = await tx
    .select({ others: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'admin'), eq(users.status, 'active'), ne(users.id, target.id)));
  if (!row || row.others === 0) throw conflict(LAST_ADMIN[change]);
}

export const USERNAME_TAKEN = 'That username is already taken.';
export const EMAIL_TAKEN = 'That e-mail address is already in use.';

/** Username and e-mail are unique whatever the case (409 naming which). */
export async function assertUnique(db: Db, input: { username: string; email: string }, exceptId?: number) {
  const other = (column: typeof users.username | typeof users.email, value: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${column})`, value.toLowerCase()), exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
  if ((await other(users.username, input.username)).length > 0) {
    throw conflict(USERNAME_TAKEN, { fields: { username: USERNAME_TAKEN } });
  }
  if ((await other(users.email, input.email)).length > 0) throw conflict(EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
}
