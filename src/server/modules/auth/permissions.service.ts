import { eq, sql } from 'drizzle-orm';
import { ALL_OFF, ALL_ON, permissionMap, type Module, type PermissionMap } from '../../../shared/permissions.ts';
import type { PermissionSource } from '../../../shared/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { rolePermissions, userPermissions } from '../../db/schema/index.ts';

type PermissionRow = { module: Module; canRead: boolean; canWrite: boolean; canDelete: boolean; enabled?: boolean };

/** Rows to a full map: a module without a row, or with `enabled` off, has nothing. */
export function rowsToMap(rows: PermissionRow[]): PermissionMap {
  const byModule = new Map(rows.map((p) => [p.module, p]));
  return permissionMap((m) => {
    const p = byModule.get(m);
    return p && p.enabled !== false ? { read: p.canRead, write: p.canWrite, delete: p.canDelete } : ALL_OFF;
  });
}

// Read on every request of a signed-in member of staff who is not an administrator: built once.
const ownPermissions = preparedPerDb((db) =>
  db
    .select()
    .from(userPermissions)
    .where(eq(userPermissions.userId, sql.placeholder('userId')))
    .prepare('sprout_user_permissions'),
);
const rolePermissionsOf = preparedPerDb((db) =>
  db
    .select()
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, sql.placeholder('roleId')))
    .prepare('sprout_role_permissions'),
);

/**
 * DESIGN §6: role `admin` has everything. Otherwise, a user who has per-user entries gets exactly
 * those (the permissions dialog saves the whole set: modules it leaves out are off); a user without
 * any gets their role's rows (for the built-in `manager` and `user`, their fixed sets: issue 29); a
 * user with neither ("Unassigned") has nothing.
 */
export async function permissionsWithSource(
  db: Db,
  user: { id: number; roleId: number | null; roleName: string | null },
): Promise<{ source: PermissionSource; permissions: PermissionMap }> {
  if (user.roleName === 'admin') return { source: 'admin', permissions: permissionMap(() => ALL_ON) };
  const own = await ownPermissions(db).execute({ userId: user.id });
  if (own.length > 0) return { source: 'user', permissions: rowsToMap(own) };
  if (user.roleId === null) return { source: 'none', permissions: permissionMap(() => ALL_OFF) };
  const fromRole = await rolePermissionsOf(db).execute({ roleId: user.roleId });
  return { source: 'role', permissions: rowsToMap(fromRole) };
}

export async function effectivePermissions(
  db: Db,
  user: { id: number; roleId: number | null; roleName: string | null },
): Promise<PermissionMap> {
  return (await permissionsWithSource(db, user)).permissions;
}
