import { eq } from 'drizzle-orm';
import { ALL_ON, MODULES, permissionMap, type PermissionMap } from '../../../shared/permissions.ts';
import type { PermissionEntry, PermissionSource, PublicUser, UserPermissions } from '../../../shared/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { rolePermissions, userPermissions, users } from '../../db/schema/index.ts';
import { permissionsWithSource, rowsToMap } from '../auth/permissions.service.ts';
import {
  assertGrantable,
  assertMayManage,
  assertMayManageUser,
  assertNotLastAdmin,
  assertNotSelfUnlessAdmin,
  chosenRole,
  inTransaction,
  lockAdministrators,
  targetUser,
  type Actor,
} from './user-guards.ts';
import { findUser } from './user-rows.ts';

/** §3 User permission entries for every module, in the grid's order; `enabled` = any action (§6). */
export const toEntries = (map: PermissionMap): PermissionEntry[] =>
  MODULES.map((module) => {
    const p = map[module];
    return { module, enabled: p.read || p.write || p.delete, canRead: p.read, canWrite: p.write, canDelete: p.delete };
  });

/** Replaces the user's own entries with a full set: one row per module, so a module left out is off. */
async function storeEntries(tx: Db, userId: number, map: PermissionMap) {
  await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
  await tx.insert(userPermissions).values(toEntries(map).map((entry) => ({ userId, ...entry })));
}

async function roleMap(tx: Db, role: { id: number; name: string }): Promise<PermissionMap> {
  return role.name === 'admin'
    ? permissionMap(() => ALL_ON)
    : rowsToMap(await tx.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id)));
}

/** Giving a role: the admin role by an administrator only, any other within the giver's own permissions. */
export async function assertRoleGrantable(db: Db, actor: Actor, role: { id: number; name: string } | null) {
  assertMayManage(actor, null, role?.name);
  if (role) assertGrantable(actor, await roleMap(db, role));
}

/**
 * §4: a role change saves the role and the recomputed set at once: admin everything on, another role
 * its stored permissions; "Unassigned" removes the user's own entries (so they have nothing).
 */
export async function applyRole(tx: Db, userId: number, role: { id: number; name: string } | null) {
  await tx
    .update(users)
    .set({ roleId: role?.id ?? null })
    .where(eq(users.id, userId));
  if (!role) {
    await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
    return;
  }
  await storeEntries(tx, userId, await roleMap(tx, role));
}

export interface UserPermissionsView {
  userId: number;
  source: PermissionSource;
  permissions: PermissionEntry[];
}

/** GET /users/permission/{id}: what the user may do now, module by module, and where it comes from. */
export async function userPermissionsView(db: Db, userId: number): Promise<UserPermissionsView> {
  const target = await targetUser(db, userId);
  const { source, permissions } = await permissionsWithSource(db, target);
  return { userId, source, permissions: toEntries(permissions) };
}

/** PUT /users/permission/{id}: the modules sent, the rest off. */
export async function setUserPermissions(db: Db, userId: number, input: UserPermissions, actor: Actor) {
  assertNotSelfUnlessAdmin(actor, userId, 'You cannot change your own permissions: ask an administrator.');
  const sent = new Map(input.permissions.filter((p) => p.enabled !== false).map((p) => [p.module, p]));
  const map = permissionMap((m) => {
    const p = sent.get(m);
    return { read: p?.canRead ?? false, write: p?.canWrite ?? false, delete: p?.canDelete ?? false };
  });
  assertGrantable(actor, map);
  await inTransaction(db, async (tx) => {
    await assertMayManageUser(tx, actor, await targetUser(tx, userId));
    await storeEntries(tx, userId, map);
  });
  return userPermissionsView(db, userId);
}

/** PUT /users/role/{id}. */
export async function setUserRole(
  db: Db,
  userId: number,
  roleId: number | null,
  actor: Actor,
): Promise<{ user: PublicUser } & UserPermissionsView> {
  assertNotSelfUnlessAdmin(actor, userId, 'You cannot change your own role: ask an administrator.');
  await inTransaction(db, async (tx) => {
    await lockAdministrators(tx);
    const target = await targetUser(tx, userId);
    const role = await chosenRole(tx, roleId);
    await assertMayManageUser(tx, actor, target, role?.name);
    await assertRoleGrantable(tx, actor, role);
    if (role?.name !== 'admin') await assertNotLastAdmin(tx, target, 'demote');
    await applyRole(tx, userId, role);
  });
  return { user: (await findUser(db, userId))!, ...(await userPermissionsView(db, userId)) };
}
