import { z } from 'zod';
import { BRANCH_DETAILS, MAX_BRANCHES, SiteUrlSchema, TimeZoneSchema } from './school.ts';
import { EmailSchema, MAX_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH, UserCreateSchema, UsernameSchema } from './user.ts';

/** A branch as the install asks for it: name, address and (optionally) phone; the map comes later. */
export const InstallBranchSchema = z.object(BRANCH_DETAILS);
export type InstallBranch = z.infer<typeof InstallBranchSchema>;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true });
const required = (max: number, label: string) => text(max, label).min(1, `${label} is required`);

/** Step 1, Basic Information (§3 Install payload `app`). */
export const InstallAppSchema = z.object({
  name: required(80, 'School name'),
  company_name: required(120, 'Company name'),
  /** The school's e-mail: parents see it on the site, and enquiries are sent to it. */
  customer_email: EmailSchema,
  timezone: TimeZoneSchema,
  /**
   * Where parents find the school, stored in its profile. At least one, unless the sample content
   * is asked for: then the spec's branches stand in, marked as sample (InstallPayloadSchema).
   */
  branches: z.array(InstallBranchSchema).max(MAX_BRANCHES, `At most ${MAX_BRANCHES} branches.`).default([]),
  /** The address parents use (canonical links, feeds); the wizard fills in the one it is opened at. */
  site_url: SiteUrlSchema.optional().default(''),
  /** Stored only; no licence service is ever called (DESIGN §4). */
  customer_id: text(100, 'Customer id').optional().default(''),
  customer_license: text(200, 'Licence key').optional().default(''),
});

export const NO_BRANCH = 'Add at least one branch: its name and address.';

/** The wizard's step 1: a person always gives at least one branch (the sample's are for scripts and demos). */
export const InstallAppFormSchema = InstallAppSchema.extend({
  branches: InstallAppSchema.shape.branches.unwrap().min(1, NO_BRANCH),
});

/** Step 2, Administrator Account (§3 Install payload `admin`). */
export const InstallAdminSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  /** Shown as the author of their posts (not "By Admin"); required as on the user form (§5). */
  firstName: UserCreateSchema.shape.firstName,
  lastName: UserCreateSchema.shape.lastName,
  password: z
    .string()
    .min(MIN_ADMIN_PASSWORD_LENGTH, `Password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
});

export type InstallAdmin = z.infer<typeof InstallAdminSchema>;

/** The wizard's form adds a confirmation (§5: 'Passwords do not match'). */
export const InstallAdminFormSchema = InstallAdminSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);

/** §7 testDatabaseDetails payload: {host, port, db, user, password}. */
export const DatabaseDetailsSchema = z.object({
  host: required(255, 'Host').regex(/^[A-Za-z0-9.\-:[\]_]+$/, 'Host may contain letters, digits, dots, dashes and colons'),
  port: z.coerce
    .number('Port must be a number')
    .int('Port must be a whole number')
    .min(1, 'Port must be 1-65535')
    .max(65535, 'Port must be 1-65535'),
  db: required(63, 'Database name'),
  user: required(63, 'User'),
  password: required(200, 'Password'),
});
export type DatabaseDetails = z.infer<typeof DatabaseDetailsSchema>;

/** Step 3: the built-in database (PGlite), or a PostgreSQL server (§3 `database`). */
export const InstallDatabaseSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('builtin') }),
    z.object({
      type: z.literal('postgres'),
      host: DatabaseDetailsSchema.shape.host,
      port: DatabaseDetailsSchema.shape.port,
      database: DatabaseDetailsSchema.shape.db,
      user: DatabaseDetailsSchema.shape.user,
      password: DatabaseDetailsSchema.shape.password,
    }),
  ],
  'Choose the built-in database or a PostgreSQL server',
);
export type InstallDatabase = z.infer<typeof InstallDatabaseSchema>;

/** §3 Install payload, plus the sample-content switch and the setup code (DESIGN §4). */
export const InstallPayloadSchema = z
  .object({
    database: InstallDatabaseSchema.default({ type: 'builtin' }),
    app: InstallAppSchema,
    admin: InstallAdminSchema,
    sampleContent: z.boolean().default(true),
    setupCode: z.string().max(100).optional(),
  })
  .superRefine((payload, ctx) => {
    if (payload.app.branches.length === 0 && !payload.sampleContent)
      ctx.addIssue({ code: 'custom', path: ['app', 'branches'], message: NO_BRANCH });
  });

/** The administrator step's check before Finish (POST /api/install/check-password): the same policy. */
export const InstallPasswordCheckSchema = z.object({
  admin: InstallAdminSchema,
  schoolName: z.string().max(200).optional(),
  setupCode: z.string().max(100).optional(),
});
export type InstallPayload = z.input<typeof InstallPayloadSchema>;
export type InstallInput = z.output<typeof InstallPayloadSchema>;

export interface InstallStatus {
  installed: boolean;
  /** True until installed: every install request gives the setup code (DESIGN §4). */
  needsSetupCode: boolean;
  /** The database the server runs on now (an operator may have set DATABASE_URL). */
  database: 'pglite' | 'pg';
  /** DATABASE_URL named the database: the wizard offers no other choice. */
  databaseConfigured: boolean;
}
