import { eq } from 'drizzle-orm';
import { MODULES, ROLE_PRESETS, SYSTEM_ROLES } from '../../../shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles, settings } from '../../db/schema/index.ts';

export const INSTALLED_KEY = 'installed';

export async function isInstalled(db: Db): Promise<boolean> {
  const [row] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, INSTALLED_KEY));
  return Boolean(row);
}

/** Creates the system roles admin, manager and user with their fixed sets (ROLE_PRESETS, issue 29). */
export async function seedSystemRoles(db: Db): Promise<Record<(typeof SYSTEM_ROLES)[number], number>> {
  const ids = {} as Record<(typeof SYSTEM_ROLES)[number], number>;
  for (const name of SYSTEM_ROLES) {
    const preset = ROLE_PRESETS[name];
    const [role] = await db
      .insert(roles)
      .values({ name, displayName: preset.displayName, description: preset.description, isSystem: true })
      .returning({ id: roles.id });
    ids[name] = role!.id;
    await db.insert(rolePermissions).values(
      MODULES.map((module) => ({
        roleId: role!.id,
        module,
        canRead: preset.permissions[module].read,
        canWrite: preset.permissions[module].write,
        canDelete: preset.permissions[module].delete,
      })),
    );
  }
  return ids;
}

export async function markInstalled(db: Db, details: Record<string, unknown> = {}) {
  await db.insert(settings).values({ key: INSTALLED_KEY, value: { at: new Date().toISOString(), ...details } });
}
