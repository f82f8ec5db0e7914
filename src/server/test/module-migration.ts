import type { PGlite } from '@electric-sql/pglite';
import { ROLE_PRESETS, type Module, type PermissionMap } from '../../shared/permissions.ts';
import { rowsToMap } from '../modules/auth/permissions.service.ts';

/**
 * For the tests of a migration that adds a permission module (0012 `website`, 0015 `families`):
 * the rows a database holds before it, and what it holds after.
 */
type Preset = keyof typeof ROLE_PRESETS;

/** VALUES rows of `role_permissions` giving a built-in role its preset on `modules`. */
export const presetRows = (modules: readonly Module[], role: Preset) =>
  modules
    .map((m) => {
      const p = ROLE_PRESETS[role].permissions[m];
      return `((select id from roles where name = '${role}'), '${m}', ${p.read}, ${p.write}, ${p.delete})`;
    })
    .join(', ');

/** VALUES rows of `user_permissions`: a user's own entries copied from a role's preset, as giving the role in the back office stores them. */
export const ownRows = (modules: readonly Module[], username: string, role: Preset) =>
  modules
    .map((m) => {
      const p = ROLE_PRESETS[role].permissions[m];
      return `((select id from users where username = '${username}'), '${m}', ${p.read || p.write || p.delete}, ${p.read}, ${p.write}, ${p.delete})`;
    })
    .join(', ');

/** Every role's permissions after the migrations, by role name, and how many rows name `module`. */
export async function rolePermissionMaps(client: PGlite, module: Module) {
  const rows = await client.query<{ name: string; module: Module; canRead: boolean; canWrite: boolean; canDelete: boolean }>(
    `select name, module, can_read "canRead", can_write "canWrite", can_delete "canDelete"
     from role_permissions join roles on roles.id = role_id`,
  );
  return {
    roleMap: (name: string): PermissionMap => rowsToMap(rows.rows.filter((r) => r.name === name)),
    rowsOfModule: rows.rows.filter((r) => r.module === module).length,
  };
}

/** The users' own entries of `module`, by username. */
export async function ownEntries(client: PGlite, module: Module) {
  const rows = await client.query<{ username: string; enabled: boolean; r: boolean; w: boolean; d: boolean }>(
    `select username, enabled, can_read r, can_write w, can_delete d from user_permissions
     join users on users.id = user_id where module = $1 order by username`,
    [module],
  );
  return rows.rows;
}
