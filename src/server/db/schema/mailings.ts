import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTENT_AUDIENCES } from '../../../shared/schemas/audience.ts';
import { NOTICE_URGENCIES } from '../../../shared/schemas/notice.ts';
import { createdAt, sqlIn, updatedAt } from './_columns.ts';
import { users } from './users.ts';

const by = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** Issue 33: the school's channel to parents. */
export const NEWSLETTER_TOPICS = ['news', 'events'] as const;
export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
/** What a mailing carries: a notice, a published post, the weekly digest. */
export const MAILING_KINDS = ['notice', 'post', 'digest'] as const;
export const MAILING_STATES = ['sending', 'done', 'cancelled'] as const;
/**
 * A recipient's message: waiting, claimed by an instance (`claimed_until` in the future), sent,
 * or failed (given up after its attempts, with the SMTP server's reason; staff may retry).
 */
export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * A notice: a short message for an audience (the galleries' audiences without 'staff'), shown as
 * a banner on the public site (audience 'everyone') and in the family area, from `starts_at` until
 * it ends by itself at `ends_at`. A 'closure' notice is operational: its e-mail goes to every family
 * of the audience, subscribed to the newsletter or not.
 */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    urgency: text('urgency', { enum: NOTICE_URGENCIES }).notNull().default('information'),
    audience: text('audience', { enum: CONTENT_AUDIENCES }).notNull().default('everyone'),
    audienceBranch: text('audience_branch'),
    audienceProgramme: text('audience_programme'),
    published: boolean('published').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: by('created_by'),
    updatedBy: by('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notices_live_idx').on(t.published, t.endsAt),
    check('notices_urgency_check', sql`${t.urgency} in (${sqlIn(NOTICE_URGENCIES)})`),
    check('notices_audience_check', sql`${t.audience} in (${sqlIn(CONTENT_AUDIENCES)})`),
    check('notices_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Someone who asked for the newsletter (double opt-in). `consent_at`/`consent_source` record when
 * and where they confirmed (the footer, the blog, the family area). `branch` is a school profile
 * branch name or null for all. Unconfirmed rows are forgotten after 7 days. Confirmation and
 * unsubscribe links are signed (HMAC), not stored.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    branch: text('branch'),
    topics: text('topics', { enum: NEWSLETTER_TOPICS }).array().notNull(),
    state: text('state', { enum: SUBSCRIBER_STATES }).notNull().default('pending'),
    source: text('source').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentSource: text('consent_source'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${t.email})`),
    index('newsletter_subscribers_state_idx').on(t.state, t.createdAt),
    check('newsletter_subscribers_state_check', sql`${t.state} in (${sqlIn(SUBSCRIBER_STATES)})`),
  ],
);

/**
 * One sending of one message to many recipients. `source_key` ('post:12', 'notice:4',
 * 'digest:2026-11-30') is unique: the same thing is never mailed twice (a second start is a 409).
 * `operational` mail (closures, safety) carries no unsubscribe; the others are the newsletter's and
 * carry List-Unsubscribe. The message (subject, html, text) is stored once; each recipient's copy is
 * made when it is sent.
 */
export const mailings = pgTable(
  'mailings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: MAILING_KINDS }).notNull(),
    sourceKey: text('source_key').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    operational: boolean('operational').notNull().default(false),
    /** Who it went to, in words ("Subscribers to news", "Families · City"). */
    audienceLabel: text('audience_label').notNull(),
    /** The site's origin the links are made on (the request's that started it, or the configured one). */
    siteOrigin: text('site_origin').notNull(),
    state: text('state', { enum: MAILING_STATES }).notNull().default('sending'),
    createdBy: by('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mailings_source_key').on(t.sourceKey),
    index('mailings_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('mailings_kind_check', sql`${t.kind} in (${sqlIn(MAILING_KINDS)})`),
    check('mailings_state_check', sql`${t.state} in (${sqlIn(MAILING_STATES)})`),
  ],
);

/**
 * One recipient of a mailing: one row per address (unique per mailing), claimed as enquiry mail is
 * (a lease in `claimed_until`, `FOR UPDATE SKIP LOCKED`). `subscriber_id` makes the newsletter's
 * unsubscribe link; a subscriber who leaves keeps no row pointing at them (set null on delete).
 */
export const mailingRecipients = pgTable(
  'mailing_recipients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    subscriberId: integer('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    state: text('state', { enum: RECIPIENT_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mailing_recipients_address_key').on(t.mailingId, sql`lower(${t.email})`),
    index('mailing_recipients_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index('mailing_recipients_mailing_idx').on(t.mailingId, t.state),
    index('mailing_recipients_subscriber_idx').on(t.subscriberId),
    check('mailing_recipients_state_check', sql`${t.state} in (${sqlIn(RECIPIENT_STATES)})`),
  ],
);
