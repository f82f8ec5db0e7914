import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  SitePageContentSchema,
  STAFF_NOTE,
  type PageState,
  type SitePage,
  type SitePageContent,
  type SitePageListPage,
  type SitePageSummary,
  type SitePageVersion,
  type SitePageVersionSummary,
} from '../../../shared/schemas/site-page.ts';
import type { z } from 'zod';
import type { SitePageListQuerySchema } from '../../../shared/schemas/site-page.ts';
import type { PublicOwnPage, PublicPageLink } from '../../../client/lib/public-data.ts';
import type { Db } from '../../db/client.ts';
import { countRows } from '../../db/lists.ts';
import { sitePages, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { uniqueOr } from '../media/params.ts';
import { sanitizePostHtml } from '../posts/sanitize.ts';
import { forgetVersions, getVersion, keepVersion, listVersions } from './versions.ts';

/** The subject of a page's kept versions in site_versions. */
export const pageSubject = (id: number) => `page:${id}`;

type Row = typeof sitePages.$inferSelect;

const publisher = alias(users, 'publisher');
const drafter = alias(users, 'drafter');

/** The page's content as stored, read through the schema (a row restored from an old backup included). */
const contentOf = (value: unknown): SitePageContent | null => (value ? SitePageContentSchema.parse(value) : null);

export const stateOf = (row: Pick<Row, 'published' | 'draft'>): PageState =>
  !row.published ? 'draft' : row.draft ? 'changed' : 'published';

const iso = (at: Date | null) => at?.toISOString() ?? null;

function toPage(row: Row, names: { publishedBy: string | null; draftBy: string | null }): SitePage {
  return {
    id: row.id,
    slug: row.slug,
    state: stateOf(row),
    published: contentOf(row.published),
    publishedAt: iso(row.publishedAt),
    publishedBy: names.publishedBy,
    draft: contentOf(row.draft),
    draftAt: iso(row.draftAt),
    draftBy: names.draftBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One page whole, with who published it and who saved its draft; null when there is no such page. */
export async function getPage(db: Db, id: number): Promise<SitePage | null> {
  const [found] = await db
    .select({ row: sitePages, publishedBy: publisher.username, draftBy: drafter.username })
    .from(sitePages)
    .leftJoin(publisher, eq(publisher.id, sitePages.publishedBy))
    .leftJoin(drafter, eq(drafter.id, sitePages.draftBy))
    .where(eq(sitePages.id, id));
  return found ? toPage(found.row, found) : null;
}

async function pageOrThrow(db: Db, id: number): Promise<SitePage> {
  const page = await getPage(db, id);
  if (!page) throw notFound('The page');
  return page;
}

const title = sql<string>`coalesce(${sitePages.draft}->>'title', ${sitePages.published}->>'title')`;
const placement = sql<string>`coalesce(${sitePages.draft}->>'placement', ${sitePages.published}->>'placement')`;
const STATE_WHERE: Record<PageState, SQL> = {
  draft: isNull(sitePages.published),
  published: and(isNotNull(sitePages.published), isNull(sitePages.draft))!,
  changed: and(isNotNull(sitePages.published), isNotNull(sitePages.draft))!,
};

/** The Pages list: summaries without bodies, one page of them, and the counters over every page. */
export async function listPages(db: Db, query: z.output<typeof SitePageListQuerySchema>): Promise<SitePageListPage> {
  const q = query.q?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    q ? or(ilike(title, `%${q}%`), ilike(sitePages.slug, `%${q}%`)) : undefined,
    query.state ? STATE_WHERE[query.state] : undefined,
  );
  const order =
    query.sort === 'updated' ? [desc(sitePages.updatedAt), desc(sitePages.id)] : [asc(sql`lower(${title})`), asc(sitePages.id)];
  const [rows, [matching], [counts]] = await Promise.all([
    db
      .select({
        id: sitePages.id,
        slug: sitePages.slug,
        title,
        placement,
        published: sql<boolean>`${sitePages.published} is not null`,
        draft: sql<boolean>`${sitePages.draft} is not null`,
        publishedAt: sitePages.publishedAt,
        updatedAt: sitePages.updatedAt,
      })
      .from(sitePages)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: countRows() }).from(sitePages).where(where),
    db
      .select({
        total: countRows(),
        published: sql<number>`count(*) filter (where ${sitePages.published} is not null)`.mapWith(Number),
      })
      .from(sitePages),
  ]);
  const data: SitePageSummary[] = rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    placement: r.placement as SitePageSummary['placement'],
    state: stateOf({ published: r.published || null, draft: r.draft || null }),
    publishedAt: iso(r.publishedAt),
    updatedAt: r.updatedAt.toISOString(),
  }));
  return {
    data,
    total: matching!.n,
    limit: query.limit,
    offset: query.offset,
    counts: { total: counts!.total, published: counts!.published, draft: counts!.total - counts!.published },
  };
}

/** 409 naming the address, with the page that has it (`pageId`, when known) for the screen to open. */
const slugTaken = (slug: string, pageId?: number) =>
  conflict(`Another page already uses the address /${slug}.`, {
    fields: { slug: `Another page already uses the address /${slug}. Choose another address.` },
    ...(pageId === undefined ? {} : { pageId }),
  });

/** Refuses an address that another page uses, published or in its draft. */
async function assertSlugFree(db: Db, slug: string, exceptId?: number) {
  const [other] = await db
    .select({ id: sitePages.id })
    .from(sitePages)
    .where(
      and(
        or(eq(sql`lower(${sitePages.slug})`, slug), eq(sql`${sitePages.draft}->>'slug'`, slug)),
        exceptId === undefined ? undefined : ne(sitePages.id, exceptId),
      ),
    )
    .limit(1);
  if (other) throw slugTaken(slug, other.id);
}

/** The content as kept: the body through the blog's sanitiser (the schema refused scripts already). */
const cleaned = (content: SitePageContent): SitePageContent => ({ ...content, body: sanitizePostHtml(content.body) });

/** A new page, as a draft. */
export async function createPage(db: Db, content: SitePageContent, actorId: number | null): Promise<SitePage> {
  const draft = cleaned(content);
  await assertSlugFree(db, draft.slug);
  const now = new Date();
  const [row] = await uniqueOr(
    () =>
      db
        .insert(sitePages)
        .values({ slug: draft.slug, draft, draftAt: now, draftBy: actorId, createdBy: actorId })
        .returning({ id: sitePages.id }),
    () => slugTaken(draft.slug),
  );
  return pageOrThrow(db, row!.id);
}

/** Saves the page's draft; parents go on reading the published page until it is published. */
export async function saveDraft(db: Db, id: number, content: SitePageContent, actorId: number | null): Promise<SitePage> {
  const before = await pageOrThrow(db, id);
  const draft = cleaned(content);
  await assertSlugFree(db, draft.slug, id);
  await uniqueOr(
    () =>
      db
        .update(sitePages)
        .set({
          draft,
          draftAt: new Date(),
          draftBy: actorId,
          // A page never published is at its draft's address.
          ...(before.published ? {} : { slug: draft.slug }),
          updatedAt: new Date(),
        })
        .where(eq(sitePages.id, id)),
    () => slugTaken(draft.slug),
  );
  return pageOrThrow(db, id);
}

/** Refuses to publish a page that still holds a note for staff (the privacy notice's). */
function assertNoStaffNotes(content: SitePageContent) {
  if (content.body.includes(STAFF_NOTE))
    throw badRequest('Fill in or remove the notes for staff before publishing.', {
      fields: {
        body: `The page still holds a note for staff (it starts with “${STAFF_NOTE}”). Fill in what it asks for, or remove it, then publish.`,
      },
    });
}

/**
 * Publishes `content` (default: the draft), keeping the version it replaces. Returns the page and
 * what parents read before (null: nothing).
 */
/**
 * The privacy notice's notes for staff are highlighted with a bare <mark> (the editor's own
 * highlight always carries its colour). Text typed over a note keeps that mark, so parents would
 * read the school's answer highlighted: published, a bare mark is only its text.
 */
const withoutNoteMarks = (body: string) => body.replace(/<mark>([^<]*(?:<(?!\/?mark\b)[^<]*)*)<\/mark>/g, '$1');

export async function publishPage(
  db: Db,
  id: number,
  content: SitePageContent | undefined,
  actorId: number | null,
  options: { keepDraft?: boolean } = {},
): Promise<{ page: SitePage; before: SitePageContent | null }> {
  const current = await pageOrThrow(db, id);
  const draft = content ? cleaned(content) : current.draft;
  if (!draft) throw conflict('There is no draft to publish: the page is published as it is.');
  assertNoStaffNotes(draft);
  const next = { ...draft, body: withoutNoteMarks(draft.body) };
  await assertSlugFree(db, next.slug, id);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx.select().from(sitePages).where(eq(sitePages.id, id)).for('update');
    if (!row) throw notFound('The page');
    if (row.published)
      await keepVersion(tx, pageSubject(id), {
        content: row.published,
        publishedAt: row.publishedAt,
        publishedBy: row.publishedBy,
      });
    const now = new Date();
    await uniqueOr(
      () =>
        tx
          .update(sitePages)
          .set({
            slug: next.slug,
            published: next,
            publishedAt: now,
            publishedBy: actorId,
            ...(options.keepDraft ? {} : { draft: null, draftAt: null, draftBy: null }),
            updatedAt: now,
          })
          .where(eq(sitePages.id, id)),
      () => slugTaken(next.slug),
    );
  });
  return { page: await pageOrThrow(db, id), before: current.published };
}

/** Takes the page off the site: its words become the draft again (a draft waiting wins), the published version is kept. */
export async function unpublishPage(db: Db, id: number): Promise<SitePage> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx.select().from(sitePages).where(eq(sitePages.id, id)).for('update');
    if (!row) throw notFound('The page');
    if (!row.published) throw conflict('The page is not published.');
    await keepVersion(tx, pageSubject(id), {
      content: row.published,
      publishedAt: row.publishedAt,
      publishedBy: row.publishedBy,
    });
    const draft = (row.draft ?? row.published) as SitePageContent;
    await tx
      .update(sitePages)
      .set({
        slug: draft.slug,
        published: null,
        publishedAt: null,
        publishedBy: null,
        draft,
        ...(row.draft ? {} : { draftAt: row.publishedAt, draftBy: row.publishedBy }),
        updatedAt: new Date(),
      })
      .where(eq(sitePages.id, id));
  });
  return pageOrThrow(db, id);
}

/** Deletes the page and its history. Returns what it was. */
export async function deletePage(db: Db, id: number): Promise<SitePage> {
  const page = await pageOrThrow(db, id);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await forgetVersions(tx, pageSubject(id));
    await tx.delete(sitePages).where(eq(sitePages.id, id));
  });
  return page;
}

/** The page's kept versions, newest first (404 for no such page). */
export async function pageVersions(db: Db, id: number): Promise<SitePageVersionSummary[]> {
  await pageOrThrow(db, id);
  return listVersions(db, pageSubject(id));
}

/** One kept version of the page, its content read through the schema. */
export async function pageVersion(db: Db, id: number, versionId: number): Promise<SitePageVersion> {
  const version = await getVersion(db, pageSubject(id), versionId);
  return { ...version, content: SitePageContentSchema.parse(version.content) };
}

/**
 * Publishes a kept version again (DESIGN §11: restore = publish an old version); what parents read
 * until now is kept in turn. A draft waiting stays as it is.
 */
export async function restorePageVersion(db: Db, id: number, versionId: number, actorId: number | null) {
  const version = await pageVersion(db, id, versionId);
  const { page, before } = await publishPage(db, id, version.content, actorId, { keepDraft: true });
  return { page, before, version };
}

/** The title a page goes by in lists and the audit log. */
export const titleOf = (page: SitePage) => (page.draft ?? page.published)!.title;

/** Published pages in menus and the sitemap at most (a school has a handful). */
const PUBLISHED_LINKS_MAX = 200;

/** Every published page, by title: the header menu, the footer and the sitemap. */
export async function publishedPageLinks(db: Db): Promise<PublicPageLink[]> {
  const rows = await db
    .select({ published: sitePages.published, publishedAt: sitePages.publishedAt })
    .from(sitePages)
    .where(isNotNull(sitePages.published))
    .orderBy(asc(sql`lower(${sitePages.published}->>'title')`), asc(sitePages.id))
    .limit(PUBLISHED_LINKS_MAX);
  return rows.map(({ published, publishedAt }) => {
    const { title, slug, placement } = published as SitePageContent;
    return { title, slug, placement, updated_at: publishedAt!.toISOString() };
  });
}

/** The published page at `slug` as parents read it; null when there is none. */
export async function publishedPage(db: Db, slug: string): Promise<PublicOwnPage | null> {
  const address = slug.toLowerCase();
  if (!/^[a-z0-9-]{1,80}$/.test(address)) return null;
  const [row] = await db
    .select({ published: sitePages.published, publishedAt: sitePages.publishedAt })
    .from(sitePages)
    .where(and(eq(sql`lower(${sitePages.slug})`, address), isNotNull(sitePages.published)));
  if (!row) return null;
  const page = row.published as SitePageContent;
  // Sanitised again as it is read (the blog's way): the allow-list may have changed since.
  return { ...page, body: sanitizePostHtml(page.body), updated_at: row.publishedAt!.toISOString() };
}
