import { and, asc, count, desc, eq, getTableColumns, gt, ne, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import {
  htmlHasContent,
  type PostListOptions,
  type PostListPage,
  type PostSchema,
  type PostSummary,
  type PostValues,
} from '../../../shared/schemas/post.ts';
import { uploadsIn } from '../../../shared/schemas/media.ts';
import type { Db } from '../../db/client.ts';
import {
  countRows,
  keepNothing,
  matchesQuery,
  orderSql,
  pageByIds,
  pageFromNearerEnd,
  readInChunks,
  searchQuery,
  type KeepUntilWrite,
  type OrderTerm,
} from '../../db/lists.ts';
import { preparedPerDb, preparedPerShape } from '../../db/prepared.ts';
import { media, postSearch, posts, postVersions, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { sanitizePostHtml } from './sanitize.ts';
import { uniqueOr } from '../media/params.ts';
import { audienceOf, checkAudience } from '../families/audience.ts';
import { futurePublishAt } from '../scheduling/publish-at.ts';
import { keepPostVersion, sameVersion } from './post-versions.service.ts';

export type PostDto = z.infer<typeof PostSchema>;

/** What a post's row shows of its author and its cover (joined from users and media). */
export const authorAndCover = {
  authorFirst: users.firstName,
  authorLast: users.lastName,
  authorUsername: users.username,
  coverWidth: media.width,
  coverHeight: media.height,
  coverVariants: media.variants,
};

function selectPosts(db: Db) {
  return db
    .select({ ...getTableColumns(posts), ...authorAndCover })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(media, eq(media.url, posts.coverImage));
}
type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

function toSummary(row: Omit<PostRow, 'content' | 'contentImages'>): PostSummary {
  const name = `${row.authorFirst ?? ''} ${row.authorLast ?? ''}`.trim();
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    status: row.status,
    cover_image: row.coverImage,
    cover_meta:
      row.coverImage && row.coverWidth != null
        ? { url: row.coverImage, width: row.coverWidth, height: row.coverHeight!, variants: row.coverVariants ?? [] }
        : null,
    tags: row.tags,
    author: name || row.authorUsername || null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    audience: row.audience,
    audienceBranch: row.audienceBranch,
    audienceProgramme: row.audienceProgramme,
    publishAt: row.publishAt?.toISOString() ?? null,
  };
}

// Sanitised when saved and again when shown (the allow-list may have tightened since).
const toDto = (row: PostRow): PostDto => ({ ...toSummary(row), content: sanitizePostHtml(row.content) });

/**
 * What the public (and staff without blog: read) read: published posts for everyone (issue 32: a
 * post for families, a branch or a programme is read only in the family area).
 */
export const PUBLIC_POST = and(eq(posts.status, 'published'), eq(posts.audience, 'everyone'))!;

const visible = (includeDrafts: boolean) => (includeDrafts ? undefined : PUBLIC_POST);

/** Newest first, whole posts (sanitised HTML): the RSS feed's few items. Lists use listPostSummaries. */
export async function listPosts(
  db: Db,
  options: { includeDrafts: boolean; limit?: number; offset?: number },
): Promise<PostDto[]> {
  let query = selectPosts(db).where(visible(options.includeDrafts)).orderBy(desc(posts.createdAt), desc(posts.id)).$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset) query = query.offset(options.offset);
  return (await query).map(toDto);
}

const summaryColumns = (() => {
  const { content: _content, contentImages: _images, ...columns } = getTableColumns(posts);
  return columns;
})();

const postPages = preparedPerShape();

const POST_ORDERS: Record<PostListOptions['sort'], OrderTerm[]> = {
  newest: [
    [posts.createdAt, 'desc'],
    [posts.id, 'desc'],
  ],
  oldest: [
    [posts.createdAt, 'asc'],
    [posts.id, 'asc'],
  ],
  title: [
    [sql`lower(${posts.title})`, 'asc'],
    [posts.id, 'asc'],
  ],
  updated: [
    [posts.updatedAt, 'desc'],
    [posts.id, 'desc'],
  ],
};

/**
 * GET /api/posts: one page of post summaries (no body HTML) in the chosen order, the number
 * matching the filters, and the blog counters from one count query. Drafts only for staff.
 */
export async function listPostSummaries(
  db: Db,
  options: PostListOptions & { includeDrafts: boolean },
  keep: KeepUntilWrite = keepNothing,
): Promise<PostListPage> {
  const query = searchQuery(options.q);
  const byStatus = await keep(`posts:${options.includeDrafts}`, () =>
    db.select({ status: posts.status, n: count() }).from(posts).where(visible(options.includeDrafts)).groupBy(posts.status),
  );
  const counts = { total: 0, published: 0, draft: 0 };
  for (const { status, n } of byStatus) {
    counts[status] += n;
    counts.total += n;
  }
  /** The posts the filters match, with their values or with placeholders for them. */
  const matching = (status: string | Placeholder | undefined, q: string | Placeholder | undefined) =>
    and(
      visible(options.includeDrafts),
      status === undefined ? undefined : sql`${posts.status} = ${status}`,
      q === undefined ? undefined : matchesQuery(postSearch(posts), q),
    );
  // Without a search the counters already hold the total; a search counts its matches.
  const total = query
    ? await keep(
        `posts:${options.includeDrafts}:${options.status ?? ''}:${options.q}`,
        async () => (await db.select({ n: countRows() }).from(posts).where(matching(options.status, query)))[0]?.n ?? 0,
      )
    : options.status
      ? counts[options.status]
      : counts.total;
  const data = await pageFromNearerEnd(total, options.limit, options.offset, (limit, offset, reversed) => {
    const { includeDrafts, status, sort } = options;
    const shape = `${includeDrafts}:${status ? 's' : ''}${query ? 'q' : ''}:${sort}:${reversed}:${offset === 0}`;
    const statement = postPages(db, shape, (name) => {
      const order = orderSql(POST_ORDERS[sort], reversed);
      const where = matching(status && sql.placeholder('status'), query && sql.placeholder('q'));
      const page = { where, order, limit: sql.placeholder('limit'), offset: offset === 0 ? 0 : sql.placeholder('offset') };
      // The skipped posts are walked in the order's index alone.
      return pageByIds(db, posts, page, (found) =>
        db
          .select({ ...summaryColumns, ...authorAndCover })
          .from(posts)
          .leftJoin(users, eq(users.id, posts.authorId))
          .leftJoin(media, eq(media.url, posts.coverImage))
          .where(found)
          .orderBy(...order)
          .limit(page.limit),
      ).prepare(name);
    });
    return statement.execute({ status, q: query, limit, offset });
  });
  return { data: data.map(toSummary), total, limit: options.limit, offset: options.offset, counts };
}

/** Every published post's address and last change (the sitemap), without reading a body. */
export async function publishedPostLinks(db: Db): Promise<{ slug: string; updated_at: string }[]> {
  const rows = await readInChunks((afterId, size) =>
    db
      .select({ id: posts.id, slug: posts.slug, updatedAt: posts.updatedAt })
      .from(posts)
      .where(and(visible(false), gt(posts.id, afterId)))
      .orderBy(asc(posts.id))
      .limit(size),
  );
  return rows.map((r) => ({ slug: r.slug, updated_at: r.updatedAt.toISOString() }));
}

const publishedBySlug = preparedPerDb((db) =>
  selectPosts(db)
    .where(and(eq(posts.slug, sql.placeholder('slug')), visible(false)))
    .prepare('sprout_post_published_by_slug'),
);

export async function getPostBySlug(db: Db, slug: string, options: { includeDrafts: boolean }): Promise<PostDto | null> {
  const [row] = options.includeDrafts
    ? await selectPosts(db).where(eq(posts.slug, slug.toLowerCase()))
    : await publishedBySlug(db).execute({ slug: slug.toLowerCase() });
  return row ? toDto(row) : null;
}

export async function getPostById(db: Db, id: number, options: { includeDrafts: boolean }): Promise<PostDto | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return null;
  const [row] = await selectPosts(db).where(and(eq(posts.id, id), visible(options.includeDrafts)));
  return row ? toDto(row) : null;
}

export async function slugExists(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), exceptId ? ne(posts.id, exceptId) : undefined));
  return !!row;
}

function contentOf(values: PostValues) {
  const content = sanitizePostHtml(values.content);
  if (!htmlHasContent(content))
    throw badRequest('content: Content is required.', { fields: { content: 'Content is required.' } });
  return content;
}

const takenSlug = (slug: string) =>
  conflict('This URL is already in use.', { fields: { slug: `The slug "${slug}" is already in use.` } });

/** `coverImage`: the new cover URL, null to remove, undefined to keep. */
export async function createPost(db: Db, values: PostValues, coverImage: string | null | undefined, actor: { id: number }) {
  const content = contentOf(values);
  const publishAt = futurePublishAt(values.publishAt ?? null);
  return uniqueOr(
    () =>
      db.transaction(async (tx) => {
        if (await slugExists(tx, values.slug)) throw takenSlug(values.slug);
        const audience = await checkAudience(tx, audienceOf(values));
        const [row] = await tx
          .insert(posts)
          .values({
            title: values.title,
            slug: values.slug,
            excerpt: values.excerpt,
            content,
            contentImages: uploadsIn(content),
            status: values.status,
            tags: values.tags,
            ...audience,
            coverImage: coverImage ?? null,
            authorId: actor.id,
            publishedAt: values.status === 'published' ? new Date() : null,
            publishAt,
          })
          .returning({ id: posts.id });
        return (await getPostById(tx, row!.id, { includeDrafts: true }))!;
      }),
    () => takenSlug(values.slug),
  );
}

/**
 * The schedule a save leaves: none once published (by hand); a draft keeps its own when the save
 * names none, and a time named must be still to come (PUBLISH_AT_PAST).
 */
function scheduleAfterSave(values: PostValues, current: Date | null): Date | null {
  if (values.status === 'published') return null;
  if (values.publishAt === undefined) return current;
  return futurePublishAt(values.publishAt);
}

/**
 * Returns the post and the cover it replaced (for media clean-up). Saving a published post first
 * keeps the text it replaces in the post's history (issue 34).
 */
export async function updatePost(db: Db, id: number, values: PostValues, coverImage: string | null | undefined) {
  const content = contentOf(values);
  return uniqueOr(
    () =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
        if (!current) throw notFound('The post');
        if (await slugExists(tx, values.slug, id)) throw takenSlug(values.slug);
        const audience = await checkAudience(tx, audienceOf(values, current));
        const publishAt = scheduleAfterSave(values, current.publishAt);
        const next = {
          title: values.title,
          excerpt: values.excerpt,
          content,
          coverImage: coverImage === undefined ? current.coverImage : coverImage,
          tags: values.tags,
          status: values.status,
        };
        if (current.status === 'published' && !sameVersion(current, next)) await keepPostVersion(tx, current);
        await tx
          .update(posts)
          .set({
            ...next,
            slug: values.slug,
            contentImages: uploadsIn(content),
            ...audience,
            publishedAt: values.status === 'published' ? (current.publishedAt ?? new Date()) : null,
            publishAt,
          })
          .where(eq(posts.id, id));
        const post = (await getPostById(tx, id, { includeDrafts: true }))!;
        return { post, previousCover: current.coverImage };
      }),
    () => takenSlug(values.slug),
  );
}

/** Deletes a post and its history; returns its cover and the uploads its kept versions showed (for media clean-up). */
export async function deletePost(db: Db, id: number): Promise<{ cover: string | null; keptUploads: string[] }> {
  const kept = await db
    .select({ cover: postVersions.coverImage, content: postVersions.content })
    .from(postVersions)
    .where(eq(postVersions.postId, id));
  const [row] = await db.delete(posts).where(eq(posts.id, id)).returning({ cover: posts.coverImage });
  if (!row) throw notFound('The post');
  return { cover: row.cover, keptUploads: kept.flatMap((v) => [v.cover ?? '', ...uploadsIn(v.content)]).filter(Boolean) };
}

/** Every tag in use with its count of public posts (for the public blog). */
export async function listTags(db: Db) {
  return db
    .select({ tag: sql<string>`t.tag`, count: count() })
    .from(sql`${posts}, unnest(${posts.tags}) as t(tag)`)
    .where(PUBLIC_POST)
    .groupBy(sql`t.tag`)
    .orderBy(desc(count()));
}
