import { ALL_ON, MODULES, type Action, type Module, type ModulePermission } from '../../../../shared/permissions.ts';
import type { UserPermissionEntry } from '../api/get-user-permissions.ts';

const FIELD: Record<Action, 'canRead' | 'canWrite' | 'canDelete'> = {
  read: 'canRead',
  write: 'canWrite',
  delete: 'canDelete',
};

const entry = (module: Module, p: ModulePermission): UserPermissionEntry => ({
  module,
  enabled: p.read || p.write || p.delete,
  canRead: p.read,
  canWrite: p.write,
  canDelete: p.delete,
});

/** Every module once, in the grid's order, from whatever entries the server sent. */
export function completeEntries(entries: readonly UserPermissionEntry[]): UserPermissionEntry[] {
  const byModule = new Map(entries.map((e) => [e.module, e]));
  return MODULES.map((m) => byModule.get(m) ?? entry(m, { read: false, write: false, delete: false }));
}

/**
 * §4: the set a role gives: admin every module with read, write and delete; another role its
 * stored permissions; no role nothing.
 */
export function entriesForRole(
  role: { name: string; permissions: Partial<Record<Module, ModulePermission>> } | null,
): UserPermissionEntry[] {
  return MODULES.map((m) =>
    entry(m, role?.name === 'admin' ? ALL_ON : (role?.permissions[m] ?? { read: false, write: false, delete: false })),
  );
}

/** §6: choosing Read, Write or Delete switches the module on; clearing the last one switches it off. */
export function setAction(
  entries: readonly UserPermissionEntry[],
  module: Module,
  action: Action,
  value: boolean,
): UserPermissionEntry[] {
  return entries.map((e) => {
    if (e.module !== module) return e;
    const next = { ...e, [FIELD[action]]: value };
    return { ...next, enabled: next.canRead || next.canWrite || next.canDelete };
  });
}

/** A module's switch: on gives read (the least), off takes everything away. */
export function setEnabled(entries: readonly UserPermissionEntry[], module: Module, on: boolean): UserPermissionEntry[] {
  return entries.map((e) => {
    if (e.module !== module) return e;
    if (!on) return { ...e, enabled: false, canRead: false, canWrite: false, canDelete: false };
    return e.canRead || e.canWrite || e.canDelete ? { ...e, enabled: true } : { ...e, enabled: true, canRead: true };
  });
}

/** What PUT /users/permission/{id} receives (§6: only the enabled modules). */
export const enabledOnly = (entries: readonly UserPermissionEntry[]) => entries.filter((e) => e.enabled);

/** Full access: every module with every action. */
export const hasFullAccess = (entries: readonly UserPermissionEntry[]) =>
  entries.length > 0 && entries.every((e) => e.enabled && e.canRead && e.canWrite && e.canDelete);
