import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { MODULES } from '../../../shared/permissions.ts';
import { createdAt, sqlIn, updatedAt } from './_columns.ts';

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description'),
    isSystem: boolean('is_system').notNull().default(false),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_name_key').on(t.name), check('roles_name_format', sql`${t.name} ~ '^[a-z][a-z0-9_]{0,49}$'`)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    profileImageUrl: text('profile_image_url'),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    index('users_status_idx').on(t.status),
    check('users_status_check', sql`${t.status} in (${sqlIn(USER_STATUSES)})`),
  ],
);

const permissionColumns = {
  module: text('module', { enum: MODULES }).notNull(),
  canRead: boolean('can_read').notNull().default(false),
  canWrite: boolean('can_write').notNull().default(false),
  canDelete: boolean('can_delete').notNull().default(false),
};

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    ...permissionColumns,
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.module] }),
    check('role_permissions_module_check', sql`${t.module} in (${sqlIn(MODULES)})`),
  ],
);

/** Per-user entries; where a row exists it overrides the role for that module (DESIGN §6). */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    ...permissionColumns,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.module] }),
    check('user_permissions_module_check', sql`${t.module} in (${sqlIn(MODULES)})`),
  ],
);

/** Opaque session ids: the cookie carries the token, the table keeps only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** The number a session is shown and ended by: the id (a token's hash) never leaves the server. */
    ref: integer('ref').notNull().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Written at most once a minute per session. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
    uniqueIndex('sessions_ref_key').on(t.ref),
  ],
);

/** Failed sign-ins, so the brute-force limit holds across processes and restarts. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_idx').on(sql`lower(${t.username})`, t.at),
    index('login_attempts_ip_idx').on(t.ip, t.at),
  ],
);
