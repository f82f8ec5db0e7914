import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONSENT_PURPOSES, CONSENT_RECORDERS } from '../../../shared/schemas/family.ts';
import { createdAt, sqlIn, updatedAt } from './_columns.ts';
import { enquiries } from './content.ts';
import { users } from './users.ts';

const by = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/**
 * A family of the school (issue 32): its parent contacts and children. `enquiry_id` is the
 * admission it was made from (one family per admission); the family stays if the enquiry goes.
 */
export const families = pgTable(
  'families',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    notes: text('notes'),
    enquiryId: integer('enquiry_id').references(() => enquiries.id, { onDelete: 'set null' }),
    createdBy: by('created_by'),
    updatedBy: by('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('families_enquiry_key').on(t.enquiryId), index('families_name_idx').on(sql`lower(${t.name})`, t.id)],
);

/**
 * A parent (or carer) of a family. The e-mail, when given, is unique across all contacts: it
 * becomes the parent's sign-in to the family area.
 */
export const familyContacts = pgTable(
  'family_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    familyId: integer('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    relation: text('relation'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /**
     * The SHA-256 of the secret in this parent's private calendar address (issue 32), or null when
     * they have none; a new one replaces it, and stopping it clears it.
     */
    calendarTokenHash: text('calendar_token_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('family_contacts_family_idx').on(t.familyId, t.id),
    uniqueIndex('family_contacts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('family_contacts_calendar_key').on(t.calendarTokenHash),
    index('family_contacts_name_idx').on(sql`lower(${t.name})`),
    check('family_contacts_reachable', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

/**
 * A child of a family: `branch` is the school profile's branch name and `programme` a programme
 * key of the Programs section, as admissions store them (`details.branch`, `details.department`).
 */
export const children = pgTable(
  'children',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    familyId: integer('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    branch: text('branch'),
    programme: text('programme').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    leavingDate: date('leaving_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('children_family_idx').on(t.familyId, t.id),
    index('children_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    index('children_programme_idx').on(t.programme),
    index('children_group_idx').on(t.branch, t.programme),
  ],
);

/**
 * Photo consent of a child, per purpose, as a history: every change is a row, the latest row of a
 * purpose is the current consent. `none` granted = "no images anywhere", overriding the others.
 * `recorded_by` is a staff user's id (`staff`) or a family contact's id (`parent`); kept as a
 * number without a foreign key, so the history outlives the account or contact.
 */
export const childConsents = pgTable(
  'child_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    granted: boolean('granted').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    recordedByKind: text('recorded_by_kind', { enum: CONSENT_RECORDERS }).notNull(),
    recordedBy: integer('recorded_by'),
    source: text('source'),
  },
  (t) => [
    index('child_consents_child_idx').on(t.childId, t.purpose, t.recordedAt.desc(), t.id.desc()),
    check('child_consents_purpose_check', sql`${t.purpose} in (${sqlIn(CONSENT_PURPOSES)})`),
    check('child_consents_recorder_check', sql`${t.recordedByKind} in (${sqlIn(CONSENT_RECORDERS)})`),
  ],
);
