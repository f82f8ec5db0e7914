/** DESIGN §6: the website's own modules, shown before the spec's. */
export const SITE_MODULES = ['gallery', 'events', 'blog'] as const;

/** §9: the 15 modules of the permission model, in the spec's order. */
export const BUSINESS_MODULES = [
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

/** Every module of the permission grid: the site's three, then §9's fifteen. */
export const MODULES = [...SITE_MODULES, ...BUSINESS_MODULES] as const;
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

/** The 403 message for a missing permission (DESIGN §6: `Needs events: delete`). */
export const needsMessage = (needed: ReadonlyArray<readonly [Module, Action]>) =>
  `Needs ${needed.map(([module, action]) => `${module}: ${action}`).join(' or ')}`;

/**
 * Presets the installer gives the system roles. §6 "system roles count as having access to
 * everything" and §5 "their permission switches are all on and locked": every module, every
 * action. A narrower set comes from a custom role or from a user's own entries.
 */
export const ROLE_PRESETS: Record<SystemRole, { displayName: string; description: string; permissions: PermissionMap }> = {
  admin: {
    displayName: 'Administrator',
    description: 'Full system access',
    permissions: permissionMap(() => ALL_ON),
  },
  manager: {
    displayName: 'Manager',
    description: 'Module-based access',
    permissions: permissionMap(() => ALL_ON),
  },
  user: {
    displayName: 'User',
    description: 'Limited access',
    permissions: permissionMap(() => ALL_ON),
  },
};
