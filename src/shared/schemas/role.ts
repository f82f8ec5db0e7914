import { z } from 'zod';
import { MODULES, type PermissionMap } from '../permissions.ts';
import { storableString } from './user.ts';

export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;

/**
 * A role's identifier from its display name (issue 31: "Class teacher" is class_teacher): letters
 * without their accents, lowercase, every run of anything else one underscore, at most 50
 * characters, starting with a letter ("2nd year" is role_2nd_year; a name of no Latin letter or
 * digit at all is "role"). The server makes it unique.
 */
export function roleIdentifier(displayName: string): string {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('_');
  const start = /^[a-z]/.test(slug) ? slug : slug ? `role_${slug}` : 'role';
  // Runs are one underscore each: cut at 50, one may end it.
  return start.slice(0, 50).replace(/_$/, '');
}

const ModulePermissionSchema = z.object({
  read: z.boolean().default(false),
  write: z.boolean().default(false),
  delete: z.boolean().default(false),
});

/** §3 Role: name, displayName, description, permissions (module -> read/write/delete). */
export const RoleInputSchema = z.object({
  id: z.unknown().optional(),
  createdBy: z.unknown().optional(),
  /** §7 sends `isSystem: false`; the server decides (system roles come from installation only). */
  isSystem: z.unknown().optional(),
  /** The identifier; left out (or blank), the server derives it from the display name (roleIdentifier). */
  name: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : (v ?? undefined)),
    storableString('Name must be text')
      .trim()
      .regex(ROLE_NAME_PATTERN, 'Use lowercase letters, digits and underscores, starting with a letter (at most 50)')
      .optional(),
  ),
  displayName: storableString('Display name is required')
    .trim()
    .min(1, 'Display name is required')
    .max(100, 'Display name must be at most 100 characters'),
  description: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    storableString().max(500, 'Description must be at most 500 characters').nullable(),
  ),
  /** Modules left out are off. */
  permissions: z.partialRecord(z.enum(MODULES, 'Unknown module'), ModulePermissionSchema).default({}),
});
export type RoleInput = z.infer<typeof RoleInputSchema>;

export interface Role {
  id: number;
  name: string;
  displayName: string;
  description: string | null;
  isSystem: boolean;
  permissions: PermissionMap;
  userCount: number;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}
