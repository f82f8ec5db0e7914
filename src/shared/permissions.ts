/** §9: the 15 modules and 3 actions of the permission model. */
export const MODULES = [
  'leads',
  'extractor',
  'followups',
  'qualification',
  'customers',
  'deals',
  'quotes',
  'catalog',
  'invoices',
  'payments',
  'reports',
  'aiInsights',
  'aiAssistant',
  'users',
  'settings',
] as const;
export type Module = (typeof MODULES)[number];

export const ACTIONS = ['read', 'write', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export type ModulePermission = { read: boolean; write: boolean; delete: boolean };
export type PermissionMap = Record<Module, ModulePermission>;

export const SYSTEM_ROLES = ['admin', 'manager', 'user'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export function permissionMap(fill: (module: Module) => ModulePermission): PermissionMap {
  return Object.fromEntries(MODULES.map((m) => [m, fill(m)])) as PermissionMap;
}

export const ALL_ON: ModulePermission = { read: true, write: true, delete: true };
export const ALL_OFF: ModulePermission = { read: false, write: false, delete: false };

/** Presets the installer gives the system roles (admin always has everything, DESIGN §6). */
export const ROLE_PRESETS: Record<SystemRole, { displayName: string; description: string; permissions: PermissionMap }> = {
  admin: {
    displayName: 'Administrator',
    description: 'Full system access',
    permissions: permissionMap(() => ALL_ON),
  },
  manager: {
    displayName: 'Manager',
    description: 'Module-based access',
    permissions: permissionMap((m) =>
      m === 'users'
        ? { read: true, write: false, delete: false }
        : m === 'settings'
          ? { read: true, write: true, delete: false }
          : ALL_ON,
    ),
  },
  user: {
    displayName: 'User',
    description: 'Limited access',
    permissions: permissionMap((m) => (m === 'leads' ? { read: true, write: true, delete: false } : ALL_OFF)),
  },
};
