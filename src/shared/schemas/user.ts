import { z } from 'zod';
import { MODULES, type PermissionMap } from '../permissions.ts';

/** §9: the minimum length of a password an administrator sets (and of a changed password). */
export const MIN_PASSWORD_LENGTH = 6;
/** The administrator created by the wizard gets a stronger floor (DESIGN §4: it holds every permission). */
export const MIN_ADMIN_PASSWORD_LENGTH = 8;
/** argon2 hashes anything, but a megabyte password is a denial-of-service vector, not a password. */
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_NAME_LENGTH = 100;

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** What a form may set; `suspended` exists in old data only. */
export const SETTABLE_USER_STATUSES = ['active', 'inactive'] as const;

const NO_NUL = (s: string) => !s.includes('\0');
/** A string PostgreSQL can store: text columns refuse NUL characters. */
export const storableString = (message = 'This field is required') =>
  z.string({ error: message }).refine(NO_NUL, 'Remove the invisible NUL character.');

export const UsernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(50, { message: 'Username must be at most 50 characters', abort: true })
  .regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits, dots, dashes, underscores and @');

export const EmailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .max(200, 'E-mail must be at most 200 characters')
  .pipe(z.email('Enter a valid e-mail address'));

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`)
  .refine(NO_NUL, 'Remove the invisible NUL character.');

const personName = (label: string) =>
  storableString(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_NAME_LENGTH, `${label} must be at most ${MAX_NAME_LENGTH} characters`);

/** A database id (int4): a number or a numeric string from a form field. */
export const IdSchema = z.coerce
  .number({ error: 'Choose an item from the list' })
  .int('Choose an item from the list')
  .min(1, 'Choose an item from the list')
  .max(2 ** 31 - 1, 'Choose an item from the list');

/** A role select: an id, or "Unassigned" (null, '' or absent). */
export const RoleIdSchema = z.preprocess((v) => (v === '' || v === undefined || v === 'none' ? null : v), IdSchema.nullable());

/** Fields the client may send that the server decides itself (§7 sends them; they are ignored). */
const IGNORED = { id: z.unknown().optional(), createdBy: z.unknown().optional() };

/** An empty password field means "not sent" (edit forms send the blank inputs). */
const optionalPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), PasswordSchema.optional());
const optionalConfirm = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().max(MAX_PASSWORD_LENGTH).optional(),
);

const matches = (password: string | undefined, confirm: string | undefined) => confirm === undefined || password === confirm;
const MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

const userFields = {
  ...IGNORED,
  username: UsernameSchema,
  email: EmailSchema,
  firstName: personName('First name'),
  lastName: personName('Last name'),
};
const StatusSchema = z.enum(SETTABLE_USER_STATUSES, 'Status is active or inactive');

/** §7 POST /users/create and POST /register; §5 User form. */
export const UserCreateSchema = z
  .object({
    ...userFields,
    status: StatusSchema.default('active'),
    roleId: RoleIdSchema.default(null),
    password: PasswordSchema,
    confirmPassword: optionalConfirm,
  })
  .refine((v) => matches(v.password, v.confirmPassword), MISMATCH);
export type UserCreate = z.infer<typeof UserCreateSchema>;

/** §7 PUT /users/update/{id}: the same fields; status, role and password only change when sent. */
export const UserUpdateSchema = z
  .object({
    ...userFields,
    status: StatusSchema.optional(),
    roleId: RoleIdSchema.optional(),
    password: optionalPassword,
    confirmPassword: optionalConfirm,
  })
  .refine((v) => matches(v.password, v.confirmPassword), MISMATCH);
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

/** The user form's e-mail: 'E-mail is required' while it is empty, then the API's check. */
const typedEmail = z.string().trim().min(1, 'E-mail is required').pipe(EmailSchema);

/** §5 'Create New User': the dialog's words for a missing password or confirmation, then the API's checks. */
export const UserCreateFormSchema = UserCreateSchema.safeExtend({
  email: typedEmail,
  password: z.string().min(1, 'Password is required').pipe(PasswordSchema),
  confirmPassword: z.string().min(1, 'Confirm the password'),
});
export type UserCreateFormValues = z.input<typeof UserCreateFormSchema>;

/** §5 'Edit User': the details and status (the role and password have dialogs of their own). */
export const UserEditFormSchema = UserUpdateSchema.safeExtend({ email: typedEmail });

/** §5 Admin password change: PUT /users/password/{id} and POST /admin/user/{id}/change-password. */
export const AdminPasswordSchema = z
  .preprocess(
    (v) => (v && typeof v === 'object' && !('newPassword' in v) && 'password' in v ? { ...v, newPassword: v.password } : v),
    z.object({ ...IGNORED, newPassword: PasswordSchema, confirmPassword: optionalConfirm }),
  )
  .refine((v) => matches(v.newPassword, v.confirmPassword), MISMATCH);
export type AdminPassword = z.infer<typeof AdminPasswordSchema>;

/** A password field of a form that sets one, with §5's message while it is empty. */
export const typedPassword = z.string().min(1, 'Please fill in all password fields');

/**
 * §5 The browser's checks of a form that sets a new password, in the spec's words and order: every
 * field filled, the new one typed twice alike, then as long as the school's policy asks. The server
 * checks the rest (PasswordSchema). A form with more password fields adds them with `safeExtend`.
 */
export const newPasswordFormSchema = (minLength: number) =>
  z
    .object({ newPassword: typedPassword, confirmPassword: typedPassword })
    .refine((v) => v.newPassword === v.confirmPassword, MISMATCH)
    .refine((v) => v.newPassword.length >= minLength, {
      path: ['newPassword'],
      message: `Password must be at least ${minLength} characters long`,
      when: (payload) => payload.issues.length === 0,
    });

/** §7 PUT /users/role/{id} {id, roleId, createdBy}: roleId must be sent (null or '' for Unassigned). */
export const UserRoleSchema = z.object({
  ...IGNORED,
  roleId: z.preprocess((v) => (v === '' || v === 'none' ? null : v), IdSchema.nullable()),
});
export type UserRole = z.infer<typeof UserRoleSchema>;

/** §3 User permission entry. */
export const PermissionEntrySchema = z.object({
  module: z.enum(MODULES, 'Unknown module'),
  enabled: z.boolean().optional(),
  canRead: z.boolean().default(false),
  canWrite: z.boolean().default(false),
  canDelete: z.boolean().default(false),
});
export type PermissionEntryInput = z.input<typeof PermissionEntrySchema>;
export interface PermissionEntry {
  module: (typeof MODULES)[number];
  enabled: boolean;
  canRead: boolean;
  canWrite: boolean;
  canDelete: boolean;
}

/** §7 PUT /users/permission/{id}: only enabled modules are sent; the rest become off (§6). */
export const UserPermissionsSchema = z.object({
  ...IGNORED,
  permissions: z
    .array(PermissionEntrySchema)
    .max(MODULES.length)
    .refine((list) => new Set(list.map((p) => p.module)).size === list.length, 'Each module may appear once'),
});
export type UserPermissions = z.infer<typeof UserPermissionsSchema>;

/** GET /auth/users: filters (§2: role and status, default all) and an optional page. */
export const UserListQuerySchema = z.object({
  status: z.enum(USER_STATUSES).optional(),
  roleId: z.union([z.literal('none'), IdSchema]).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** A user as the API shows it: never the password or its hash. */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number | null;
  roleName: string | null;
  roleDisplayName: string | null;
  role: { id: number; name: string; displayName: string } | null;
  status: UserStatus;
  profileImageUrl: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
  /** The user has per-user permission entries (they replace the role's, DESIGN §6). */
  hasOwnPermissions: boolean;
  /** The user signs in with a second factor (an authenticator app). */
  twoFactorEnabled: boolean;
}
export type StaffUser = PublicUser;

/** The signed-in user with the effective permissions (DESIGN §6). */
export interface CurrentUser extends PublicUser {
  permissions: PermissionMap;
  /**
   * The school requires two-factor sign-in of this user and they have not set it up (the
   * requirement came while they were signed in): the back office leads them to set it up, and
   * the server refuses its routes until then.
   */
  twoFactorSetupDue: boolean;
}

/** Where a user's effective permissions come from. */
export type PermissionSource = 'admin' | 'user' | 'role' | 'none';

/**
 * Issue 29: the note an upgrade leaves for administrators when the built-in Manager and User roles
 * became fixed sets: who had every permission through them.
 */
export interface BuiltInRolesNotice {
  changedAt: string;
  affected: Array<{ id: number; username: string; firstName: string; lastName: string; role: 'manager' | 'user' }>;
}
