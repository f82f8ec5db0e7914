import { z } from 'zod';
import { MODULES, type PermissionMap } from '../permissions.ts';
import { text } from './user.ts';

export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;

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
  name: text('Name is required')
    .trim()
    .min(1, 'Name is required')
    .regex(ROLE_NAME_PATTERN, 'Use lowercase letters, digits and underscores, starting with a letter (at most 50)'),
  displayName: text('Display name is required')
    .trim()
    .min(1, 'Display name is required')
    .max(100, 'Display name must be at most 100 characters'),
  description: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    text().max(500, 'Description must be at most 500 characters').nullable(),
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
