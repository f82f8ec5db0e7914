import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { ADMISSION_STAGES } from '../../../shared/schemas/admission-stages.ts';
import { TIMELINE_KINDS } from '../../../shared/schemas/admissions.ts';
import { sqlIn } from './_columns.ts';
import { enquiries } from './content.ts';
import { users } from './users.ts';

/**
 * An enquiry's timeline (issue #14): every stage change (who, when, from, to, note), staff notes,
 * replies sent to the family and visits booked. Goes with the enquiry.
 */
export const enquiryTimeline = pgTable(
  'enquiry_timeline',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TIMELINE_KINDS }).notNull(),
    fromStage: text('from_stage', { enum: ADMISSION_STAGES }),
    toStage: text('to_stage', { enum: ADMISSION_STAGES }),
    text: text('text'),
    mailed: boolean('mailed'),
    visitAt: timestamp('visit_at', { withTimezone: true }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's name as it was: the timeline still reads after the account is gone. */
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enquiry_timeline_enquiry_idx').on(t.enquiryId, t.createdAt, t.id),
    check('enquiry_timeline_kind_check', sql`${t.kind} in (${sqlIn(TIMELINE_KINDS)})`),
  ],
);

/**
 * What retention leaves of the enquiries it deletes: counts only, per month of submission, type
 * and the stage (or status) they ended in. No names, no dates of birth.
 */
export const enquiryTallies = pgTable(
  'enquiry_tallies',
  {
    month: text('month').notNull(),
    type: text('type').notNull(),
    outcome: text('outcome').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.type, t.outcome] })],
);
