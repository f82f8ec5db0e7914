import { MODULES, type Module } from '../../../../shared/permissions.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import type { UserPermissionEntry } from '../api/get-user-permissions.ts';
import { hasFullAccess } from './permission-entries.ts';

export interface PermissionStats {
  admins: number;
  managers: number;
  regular: number;
  fullAccess: number;
  limitedAccess: number;
  /** Per module: how many users can at least read it, and the share of all users. */
  modules: Array<{ module: Module; users: number; coverage: number }>;
}

/** §2 Permissions Management: the stats panel and the module access overview. */
export function permissionStats(
  users: readonly PublicUser[],
  byUser: ReadonlyMap<number, UserPermissionEntry[]>,
): PermissionStats {
  const role = (u: PublicUser) => u.role?.name;
  let fullAccess = 0;
  for (const u of users) if (hasFullAccess(byUser.get(u.id) ?? [])) fullAccess++;
  return {
    admins: users.filter((u) => role(u) === 'admin').length,
    managers: users.filter((u) => role(u) === 'manager').length,
    regular: users.filter((u) => role(u) !== 'admin' && role(u) !== 'manager').length,
    fullAccess,
    limitedAccess: users.length - fullAccess,
    modules: MODULES.map((module) => {
      const count = users.filter((u) => byUser.get(u.id)?.some((e) => e.module === module && e.enabled)).length;
      return { module, users: count, coverage: users.length ? Math.round((count / users.length) * 100) : 0 };
    }),
  };
}
