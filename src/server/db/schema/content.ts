import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlIn, updatedAt } from './_columns.ts';
import { ADMISSION_STAGES } from '../../../shared/schemas/admission-stages.ts';
import { CONTENT_AUDIENCES } from '../../../shared/schemas/audience.ts';
import { SCHOOL_DATE_KINDS } from '../../../shared/school-year.ts';
import { users } from './users.ts';

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed'] as const;
export const GALLERY_TYPES = ['images', 'video'] as const;
export const VIDEO_TYPES = ['youtube', 'vimeo'] as const;
export const POST_STATUSES = ['draft', 'published'] as const;
/** Who sees a gallery (issue 32): only 'everyone' is on the public site. */
export const GALLERY_AUDIENCES = ['everyone', 'families', 'branch', 'programme', 'staff'] as const;

/*
 * What each back-office list searches (DESIGN §10, docs/decisions/0006): PostgreSQL full-text
 * search with the 'simple' configuration (no stemming, no stop words: names and places match as
 * typed), each word as a prefix. One expression for the GIN index and the query, so the index is used.
 * The text's joining marks become spaces first, so the text is in the words searchWords makes of a
 * search: PostgreSQL's parser keeps "2025-26" as '2025' and '-26', "file.txt" and "12/05/2025" as one
 * word each, and a search typed as written ("2025-26" → 2025 & 26) found nothing.
 */
const searchVector = (text: SQL) => sql`to_tsvector('simple', translate(${text}, '-./:@+_&<>\\', '           '))`;
type Cols<K extends string> = Record<K, AnyPgColumn>;
export const categorySearch = (t: Cols<'name'>) => searchVector(sql`${t.name}`);
export const gallerySearch = (t: Cols<'title' | 'description'>) => searchVector(sql`${t.title} || ' ' || ${t.description}`);
export const eventSearch = (t: Cols<'title' | 'location'>) => searchVector(sql`${t.title} || ' ' || ${t.location}`);
export const postSearch = (t: Cols<'title' | 'excerpt'>) => searchVector(sql`${t.title} || ' ' || ${t.excerpt}`);
// The e-mail in words, as searchVector splits it ("anna@example.com" is found by "example" too).
export const enquirySearch = (t: Cols<'name' | 'email' | 'phone' | 'message'>) =>
  searchVector(sql`${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '') || ' ' || coalesce(${t.message}, '')`);

/** The board's search: the child's and the father's names. */
export const admissionSearch = (t: Cols<'name' | 'details'>) =>
  searchVector(sql`${t.name} || ' ' || coalesce(${t.details} ->> 'fatherName', '')`);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_name_key').on(sql`lower(${t.name})`),
    index('categories_search_idx').using('gin', categorySearch(t)),
    check('categories_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

export const galleries = pgTable(
  'galleries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: GALLERY_TYPES }).notNull().default('images'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    videoUrl: text('video_url'),
    videoType: text('video_type', { enum: VIDEO_TYPES }),
    thumbnail: text('thumbnail'),
    published: boolean('published').notNull().default(false),
    /**
     * Who sees it (issue 32): 'everyone' (the public site), 'families' (all families of the school),
     * 'branch' (`audience_branch`), 'programme' (`audience_programme` at `audience_branch`), 'staff'.
     */
    audience: text('audience', { enum: GALLERY_AUDIENCES }).notNull().default('everyone'),
    audienceBranch: text('audience_branch'),
    audienceProgramme: text('audience_programme'),
    /** Staff's caption and alt text of the photos that have any (issue 31), by URL; the others use the defaults. */
    photoTexts: jsonb('photo_texts')
      .$type<{ url: string; caption: string; alt: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('galleries_published_created_idx').on(t.published, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('galleries_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('galleries_title_idx').on(sql`lower(${t.title})`, t.id),
    index('galleries_type_idx').on(t.type),
    index('galleries_search_idx').using('gin', gallerySearch(t)),
    check('galleries_type_check', sql`${t.type} in (${sqlIn(GALLERY_TYPES)})`),
    check('galleries_video_type_check', sql`${t.videoType} is null or ${t.videoType} in (${sqlIn(VIDEO_TYPES)})`),
    check('galleries_title_not_blank', sql`length(trim(${t.title})) > 0`),
    check('galleries_audience_check', sql`${t.audience} in (${sqlIn(GALLERY_AUDIENCES)})`),
    index('galleries_audience_idx').on(t.audience, t.published),
  ],
);

export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    coverImage: text('cover_image'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    location: text('location').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('upcoming'),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'set null' }),
    /** Who sees it (issue 32), as a gallery's audience without 'staff': only 'everyone' is on the public site. */
    audience: text('audience', { enum: CONTENT_AUDIENCES }).notNull().default('everyone'),
    audienceBranch: text('audience_branch'),
    audienceProgramme: text('audience_programme'),
    /** Where it happens (issue 34): a branch of the school profile, or null for the whole school. Per-branch feeds read it. */
    branch: text('branch'),
    /**
     * Issue 34: an occurrence of a repeating event (its series), kept as an event of its own so every
     * list, page and feed reads it as one. `occurrence_start` is the start the rule gave it, as the
     * school's wall-clock time 'YYYY-MM-DDTHH:mm' (the feed's RECURRENCE-ID); `detached` marks one
     * edited on its own ("this one"), which an edit of the whole series leaves as it is.
     */
    seriesId: integer('series_id').references((): AnyPgColumn => eventSeries.id, { onDelete: 'cascade' }),
    occurrenceStart: text('occurrence_start'),
    detached: boolean('detached').notNull().default(false),
    /** Issue 34: false until `publish_at` (a scheduled event); only published events are shown outside the back office. */
    published: boolean('published').notNull().default(true),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('events_slug_key').on(t.slug),
    uniqueIndex('events_series_occurrence_key').on(t.seriesId, t.occurrenceStart),
    index('events_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    // The events order (DESIGN: not yet over soonest first, then past most recent first) keys on this.
    index('events_ends_at_idx').on(sql`coalesce(${t.endDate}, ${t.startDate})`),
    index('events_start_idx').on(t.startDate),
    // The longest event, read from the top of this index, bounds how far back an event still on can have started.
    index('events_length_idx').on(sql`(coalesce(${t.endDate}, ${t.startDate}) - ${t.startDate})`),
    index('events_status_idx').on(t.status),
    index('events_category_idx').on(t.categoryId),
    index('events_gallery_idx').on(t.galleryId),
    index('events_title_idx').on(sql`lower(${t.title})`, t.id),
    index('events_search_idx').using('gin', eventSearch(t)),
    check('events_status_check', sql`${t.status} in (${sqlIn(EVENT_STATUSES)})`),
    check('events_end_after_start', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('events_slug_format', sql`${t.slug} is null or ${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('events_audience_check', sql`${t.audience} in (${sqlIn(CONTENT_AUDIENCES)})`),
    index('events_audience_idx').on(t.audience),
  ],
);

/**
 * Issue 34: a repeating event's rule and the fields its occurrences (rows of `events` with this
 * series_id) take. `rrule` is an RFC 5545 RRULE value (always ending: UNTIL or COUNT); the rule
 * runs on the school's wall-clock time from `starts_local` ('YYYY-MM-DDTHH:mm' in `time_zone`), so a
 * daylight-saving change keeps the time. `exdates` are wall-clock starts staff removed; `term_time`
 * limits it to the school year's term time (school_dates), and closures cancel what falls on them.
 */
export const eventSeries = pgTable(
  'event_series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rrule: text('rrule').notNull(),
    startsLocal: text('starts_local').notNull(),
    timeZone: text('time_zone').notNull(),
    /** Each occurrence's length; null for an event without an end time. */
    durationMinutes: integer('duration_minutes'),
    termTime: boolean('term_time').notNull().default(false),
    exdates: text('exdates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    title: text('title').notNull(),
    description: text('description').notNull(),
    coverImage: text('cover_image'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    location: text('location').notNull(),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'set null' }),
    audience: text('audience', { enum: CONTENT_AUDIENCES }).notNull().default('everyone'),
    audienceBranch: text('audience_branch'),
    audienceProgramme: text('audience_programme'),
    branch: text('branch'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('event_series_category_idx').on(t.categoryId),
    check('event_series_audience_check', sql`${t.audience} in (${sqlIn(CONTENT_AUDIENCES)})`),
    check('event_series_duration_check', sql`${t.durationMinutes} is null or ${t.durationMinutes} >= 0`),
  ],
);

/**
 * Issue 34: the school year. Terms (term time), half-terms (breaks inside a term) and closure days,
 * each a range of whole days in the school's time zone, for one branch or (branch null) the school.
 */
export const schoolDates = pgTable(
  'school_dates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: SCHOOL_DATE_KINDS }).notNull(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    branch: text('branch'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('school_dates_starts_idx').on(t.startsOn),
    check('school_dates_kind_check', sql`${t.kind} in (${sqlIn(SCHOOL_DATE_KINDS)})`),
    check('school_dates_order', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull(),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    coverImage: text('cover_image'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uploads the body names (media.ts uploadsIn): whether an upload is still used reads posts_content_images_idx. */
    contentImages: text('content_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Who reads it (issue 32), as a gallery's audience without 'staff' (a draft is): only 'everyone' is on the public site. */
    audience: text('audience', { enum: CONTENT_AUDIENCES }).notNull().default('everyone'),
    audienceBranch: text('audience_branch'),
    audienceProgramme: text('audience_programme'),
    /** Issue 34: a draft with a time here is published by the server then (scheduled). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('posts_slug_key').on(t.slug),
    index('posts_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    // The lists' order (newest first, id to break ties) read straight from the index, no sort:
    // `ORDER BY x DESC` puts nulls first, so the index must too for the planner to use it.
    index('posts_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_tags_idx').using('gin', t.tags),
    index('posts_title_idx').on(sql`lower(${t.title})`, t.id),
    index('posts_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_search_idx').using('gin', postSearch(t)),
    index('posts_content_images_idx').using('gin', t.contentImages),
    check('posts_status_check', sql`${t.status} in (${sqlIn(POST_STATUSES)})`),
    check('posts_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('posts_audience_check', sql`${t.audience} in (${sqlIn(CONTENT_AUDIENCES)})`),
    index('posts_audience_idx').on(t.audience, t.status),
  ],
);

/**
 * Issue 34: a published post as it was before a save changed it (the last 50 of each post are
 * kept): compared with the current text and restored from the post's history.
 */
export const postVersions = pgTable(
  'post_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    coverImage: text('cover_image'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: POST_STATUSES }).notNull(),
    /** Who made this version (the save before the one that replaced it) and when. */
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('post_versions_post_idx').on(t.postId, t.id.desc())],
);

/** Every processed upload; lets unreferenced files be found and removed. */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    variants: jsonb('variants').$type<{ width: number; url: string }[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_url_key').on(t.url), index('media_created_idx').on(t.createdAt)],
);

export const ENQUIRY_TYPES = ['admission', 'contact'] as const;
export const ENQUIRY_STATUSES = ['new', 'handled'] as const;
export const MAIL_STATES = ['not_configured', 'pending', 'sent', 'failed'] as const;

/** Admission and contact submissions from the public site. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: ENQUIRY_TYPES }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    mailState: text('mail_state', { enum: MAIL_STATES }).notNull().default('not_configured'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailError: text('mail_error'),
    /** While in the future, one process is sending this e-mail (a lease: a dead process's claim runs out). */
    mailClaimedUntil: timestamp('mail_claimed_until', { withTimezone: true }),
    ip: text('ip'),
    /** Admissions only (issue #14): where the family is in the pipeline, since when, and the visit. */
    stage: text('stage', { enum: ADMISSION_STAGES }),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    visitAt: timestamp('visit_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('enquiries_stage_idx').on(t.stage, t.stageChangedAt),
    index('enquiries_admission_search_idx').using('gin', admissionSearch(t)),
    check('enquiries_stage_check', sql`${t.stage} in (${sqlIn(ADMISSION_STAGES)})`),
    check('enquiries_stage_for_admissions', sql`(${t.type} = 'admission') = (${t.stage} is not null)`),
    index('enquiries_type_created_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('enquiries_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('enquiries_status_idx').on(t.status),
    index('enquiries_search_idx').using('gin', enquirySearch(t)),
    index('enquiries_mail_pending_idx')
      .on(t.mailState)
      .where(sql`${t.mailState} in ('pending', 'failed')`),
    check('enquiries_type_check', sql`${t.type} in (${sqlIn(ENQUIRY_TYPES)})`),
    check('enquiries_status_check', sql`${t.status} in (${sqlIn(ENQUIRY_STATUSES)})`),
    check('enquiries_mail_state_check', sql`${t.mailState} in (${sqlIn(MAIL_STATES)})`),
  ],
);

/** Key/value settings: the school profile, install state, timezone. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
