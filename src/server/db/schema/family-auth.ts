import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns.ts';
import { familyContacts } from './families.ts';

/**
 * A parent's one-time sign-in link (issue 32): the table keeps only the SHA-256 of the link's
 * token, valid 15 minutes, used once. Every link sent is a row, so the limit per contact and per
 * network address holds across processes. Not kept in backups.
 */
export const familySignInLinks = pgTable(
  'family_sign_in_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => familyContacts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('family_sign_in_links_token_key').on(t.tokenHash),
    index('family_sign_in_links_contact_idx').on(t.contactId, t.createdAt),
    index('family_sign_in_links_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A parent's session in the family area: its own table and its own cookie, so it can never be
 * read as a staff session. `id` is the SHA-256 of the cookie's token. Not kept in backups.
 */
export const familySessions = pgTable(
  'family_sessions',
  {
    id: text('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => familyContacts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Written at most once a minute per session. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('family_sessions_contact_idx').on(t.contactId), index('family_sessions_expires_idx').on(t.expiresAt)],
);
