/**
 * DESIGN §6: the website's own modules, shown before the spec's. `website` (issue 30): read = see
 * the public pages' drafts and history, write = edit and publish them, delete = delete own pages.
 * `families` (issue 32): read = see families, children and their photo consents, write = add and
 * change them and record a consent given on paper, delete = delete a family. `notices` (issue 33):
 * read = see notices, mailings with their progress and the newsletter's subscribers, write = publish
 * notices and closure alerts, start and retry mailings, delete = delete a notice or a subscriber.
 */
export const SITE_MODULES = ['gallery', 'events', 'blog', 'website', 'families', 'notices'] as const;

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

/** Every module of the permission grid: the site's six, then §9's fifteen. */
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
export const needsMessage = (needed: ReadonlyArray<readonly [Module, Action]>) => {
  const names = needed.map(([module, action]) => `${module}: ${action}`);
  return `Needs ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]}`;
};

/** A map with the listed actions on the listed modules, everything else off. */
export function grantsMap(grants: Partial<Record<Module, ReadonlyArray<Action>>>): PermissionMap {
  return permissionMap((m) => {
    const actions = grants[m] ?? [];
    return { read: actions.includes('read'), write: actions.includes('write'), delete: actions.includes('delete') };
  });
}

/**
 * The system roles' fixed sets, seeded by the installer and shown locked in the grid. Issue 29
 * supersedes §6's "system roles count as having access to everything", which gave a teacher with
 * the "User" role the backups and every password hash: `admin` has everything, `manager` is
 * "module-based access" to the website and the enquiries, `user` "limited access" to the website's
 * content (galleries, events, posts: not the public pages' words, which a teacher does not change).
 * A Manager sees and keeps the families (not deleting one); a User has no family data.
 * Neither has users, backups, restore or the security settings (DESIGN §6).
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
    permissions: grantsMap({
      gallery: ACTIONS,
      events: ACTIONS,
      blog: ACTIONS,
      website: ACTIONS,
      families: ['read', 'write'],
      notices: ACTIONS,
      leads: ACTIONS,
      settings: ['read'],
    }),
  },
  user: {
    displayName: 'User',
    description: 'Limited access',
    permissions: grantsMap({ gallery: ['read', 'write'], events: ['read', 'write'], blog: ['read', 'write'] }),
  },
};

/** The permissions `held` lacks of `wanted`, as `module: action` (for "grants never exceed the grantor"). */
export function missingPermissions(held: PermissionMap, wanted: PermissionMap): string[] {
  return MODULES.flatMap((m) => ACTIONS.filter((a) => wanted[m][a] && !held[m][a]).map((a) => `${m}: ${a}`));
}
