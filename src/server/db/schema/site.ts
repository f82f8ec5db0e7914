import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, sqlIn, updatedAt } from './_columns.ts';
import { SECTION_KEYS } from '../../../shared/schemas/site-content-defaults.ts';
import { users } from './users.ts';

const by = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The school's words on each public page (issue 30): `published` is what parents read (null: the
 * default text), `draft` what staff saved and have not published yet (null: none).
 */
export const siteSections = pgTable(
  'site_sections',
  {
    key: text('key').primaryKey(),
    published: jsonb('published'),
    publishedAt: at('published_at'),
    publishedBy: by('published_by'),
    draft: jsonb('draft'),
    draftAt: at('draft_at'),
    draftBy: by('draft_by'),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_sections_key', sql`${t.key} in (${sqlIn(SECTION_KEYS)})`)],
);

/**
 * The school's own pages. `published` and `draft` hold { title, slug, body, placement } as the
 * sections do; `slug` is the address parents use (the published one, else the draft's), unique.
 */
export const sitePages = pgTable(
  'site_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    published: jsonb('published'),
    publishedAt: at('published_at'),
    publishedBy: by('published_by'),
    draft: jsonb('draft'),
    draftAt: at('draft_at'),
    draftBy: by('draft_by'),
    createdBy: by('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('site_pages_slug_key').on(sql`lower(${t.slug})`)],
);

/**
 * Earlier published versions of a section (`section:home`) or a page (`page:12`): each publish
 * or restore keeps the one it replaced, with who published it and when. The last 50 are kept.
 */
export const siteVersions = pgTable(
  'site_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    content: jsonb('content').notNull(),
    publishedAt: at('published_at'),
    publishedBy: by('published_by'),
    replacedAt: createdAt(),
  },
  (t) => [index('site_versions_subject_idx').on(t.subject, t.id)],
);
