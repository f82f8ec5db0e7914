import { eq } from 'drizzle-orm';
import { ALL_OFF, ALL_ON, permissionMap, type PermissionMap } from '../../../shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { rolePermissions, userPermissions } from '../../db/schema/index.ts';

/**
 * DESIGN §6: role `admin` has everything. Otherwise, a user who has per-user entries gets exactly
 * those (the permissions dialog saves the whole set: modules it leaves out are off); a user without
 * any gets their role's.
 */
export async function effectivePermissions(
  db: Db,
  user: { id: number; roleId: number | null; roleName: string | null },
): Promise<PermissionMap> {
  if (user.roleName === 'admin') return permissionMap(() => ALL_ON);
  const own = await db.select().from(userPermissions).where(eq(userPermissions.userId, user.id));
  if (own.length > 0) {
    const byModule = new Map(own.map((p) => [p.module, p]));
    return permissionMap((m) => {
      const p = byModule.get(m);
      return p?.enabled ? { read: p.canRead, write: p.canWrite, delete: p.canDelete } : ALL_OFF;
    });
  }
  if (user.roleId === null) return permissionMap(() => ALL_OFF);
  const fromRole = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, user.roleId));
  const byModule = new Map(fromRole.map((p) => [p.module, p]));
  return permissionMap((m) => {
    const p = byModule.get(m);
    return p ? { read: p.canRead, write: p.canWrite, delete: p.canDelete } : ALL_OFF;
  });
}
