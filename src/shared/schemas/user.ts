import { z } from 'zod';
import type { PermissionMap } from '../permissions.ts';

/** §9: the minimum length of a password an administrator sets (and of a changed password). */
export const MIN_PASSWORD_LENGTH = 6;
/** The administrator created by the wizard gets a stronger floor (DESIGN §4: it holds every permission). */
export const MIN_ADMIN_PASSWORD_LENGTH = 8;
/** argon2 hashes anything, but a megabyte password is a denial-of-service vector, not a password. */
export const MAX_PASSWORD_LENGTH = 200;

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const UsernameSchema = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(50, { message: 'Username must be at most 50 characters', abort: true })
  .regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits, dots, dashes, underscores and @');

export const EmailSchema = z
  .string()
  .trim()
  .max(200, 'E-mail must be at most 200 characters')
  .pipe(z.email('Enter a valid e-mail address'));

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

/** A user as the API shows it: never the password hash. */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number | null;
  role: { id: number; name: string; displayName: string } | null;
  status: UserStatus;
  profileImageUrl: string | null;
  lastLoginAt: string | null;
  updatedAt: string;
}

/** The signed-in user with the effective permissions (DESIGN §6). */
export interface CurrentUser extends PublicUser {
  permissions: PermissionMap;
}
