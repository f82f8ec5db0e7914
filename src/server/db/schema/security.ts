import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, sqlIn } from './_columns.ts';
import { users } from './users.ts';

/**
 * A user's TOTP second factor (RFC 6238). `secret` is encrypted (AES-256-GCM, key outside the
 * database); `confirmedAt` is null while the user is still setting it up.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code works once (RFC 6238 §5.2). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten one-time recovery codes per user, kept as SHA-256 of high-entropy codes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

export const CHALLENGE_PURPOSES = ['totp', 'totp-setup'] as const;

/**
 * A sign-in whose password was right and whose second step is still to come: the browser holds a
 * token (cookie), the table its SHA-256. No session exists until the second step succeeds.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CHALLENGE_PURPOSES }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_in_challenges_expires_idx').on(t.expiresAt),
    check('sign_in_challenges_purpose_check', sql`${t.purpose} in (${sqlIn(CHALLENGE_PURPOSES)})`),
  ],
);

/**
 * Who did what, when and from where. Append-only from the application (no route changes or
 * deletes a row; a trigger refuses UPDATE); retention deletes rows older than the setting.
 * `userId` has no foreign key: the entry outlives the account, and `username` keeps its name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    ip: text('ip'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    title: text('title'),
    changes: text('changes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    details: jsonb('details').$type<Record<string, string | number | boolean>>(),
  },
  // `ORDER BY x DESC` puts nulls first, so the indexes do too for the planner to read them in order.
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_action_created_idx').on(t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_entity_created_idx').on(t.entity, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Counted events for the limits that must hold for every process on one database (enquiry
 * submissions and wrong setup codes per address): one row per event, `key` names limit and client.
 */
export const limitHits = pgTable(
  'limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('limit_hits_key_at_idx').on(t.key, t.at)],
);

/**
 * "Forgot password?" (issue 31): every request is a row, so requests are limited per address and
 * per network address whether or not the address is a member of staff's. A request for a known,
 * active account holds the SHA-256 of the link's token, valid 30 minutes, used once.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The address typed, lower case. */
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_key').on(t.tokenHash),
    index('password_resets_email_idx').on(t.email, t.createdAt),
    index('password_resets_ip_idx').on(t.ip, t.createdAt),
  ],
);
