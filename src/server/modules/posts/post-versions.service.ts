import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { uploadsIn } from '../../../shared/schemas/media.ts';
import type { PostVersion, PostVersionSummary } from '../../../shared/schemas/post.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, posts, postVersions, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { postDiff } from './post-diff.ts';

/*
 * Issue 34: a published post's history. Each save that changes it keeps the text it replaces
 * (who saved that text and when); the last 50 per post are kept.
 */

/** Versions kept per post; a save past this forgets the oldest. */
export const POST_VERSIONS_KEPT = 50;

type PostRow = typeof posts.$inferSelect;
type VersionFields = Pick<PostRow, 'title' | 'excerpt' | 'content' | 'coverImage' | 'tags' | 'status'>;

/** Whether a save changes nothing a version holds (it then keeps no version). */
export const sameVersion = (a: VersionFields, b: VersionFields) =>
  a.title === b.title &&
  a.excerpt === b.excerpt &&
  a.content === b.content &&
  a.coverImage === b.coverImage &&
  a.status === b.status &&
  JSON.stringify(a.tags) === JSON.stringify(b.tags);

/**
 * Who saved the post as it is now: the author of its last create, save or restore in the audit log
 * (the post keeps only its author), else its author. A publish on schedule (the server's, by no one)
 * is passed over: the text is that of whoever wrote it before, not of someone since deleted.
 */
async function lastSavedBy(tx: Db, post: PostRow): Promise<number | null> {
  const [last] = await tx
    .select({ userId: auditLog.userId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'post'),
        eq(auditLog.entityId, String(post.id)),
        inArray(auditLog.action, ['create', 'update', 'publish', 'unpublish']),
        sql`not (${auditLog.userId} is null and ${auditLog.action} = 'publish' and ${auditLog.details} ->> 'scheduled' = 'true')`,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return last ? last.userId : post.authorId;
}

/** Keeps `current` as the post's newest version and forgets those past the last 50. Call inside the save's transaction. */
export async function keepPostVersion(tx: Db, current: PostRow): Promise<void> {
  await tx.insert(postVersions).values({
    postId: current.id,
    title: current.title,
    excerpt: current.excerpt,
    content: current.content,
    coverImage: current.coverImage,
    tags: current.tags,
    status: current.status,
    savedBy: await lastSavedBy(tx, current),
    savedAt: current.updatedAt,
  });
  await tx.delete(postVersions).where(
    and(
      eq(postVersions.postId, current.id),
      sql`${postVersions.id} <= (select ${postVersions.id} from ${postVersions} where ${postVersions.postId} = ${current.id}
        order by ${postVersions.id} desc offset ${POST_VERSIONS_KEPT} limit 1)`,
    ),
  );
}

const summaryColumns = {
  id: postVersions.id,
  title: postVersions.title,
  status: postVersions.status,
  savedAt: postVersions.savedAt,
  first: users.firstName,
  last: users.lastName,
  username: users.username,
};
type SummaryRow = { id: number; title: string; status: PostRow['status']; savedAt: Date } & {
  first: string | null;
  last: string | null;
  username: string | null;
};

const summaryOf = (row: SummaryRow): PostVersionSummary => ({
  id: row.id,
  title: row.title,
  status: row.status,
  savedAt: row.savedAt.toISOString(),
  savedBy: `${row.first ?? ''} ${row.last ?? ''}`.trim() || row.username || null,
});

async function postRow(db: Db, postId: number): Promise<PostRow> {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) throw notFound('The post');
  return post;
}

/** The post's kept versions, newest first; 404 when there is no such post. */
export async function listPostVersions(db: Db, postId: number): Promise<PostVersionSummary[]> {
  await postRow(db, postId);
  const rows = await db
    .select(summaryColumns)
    .from(postVersions)
    .leftJoin(users, eq(users.id, postVersions.savedBy))
    .where(eq(postVersions.postId, postId))
    .orderBy(desc(postVersions.id))
    .limit(POST_VERSIONS_KEPT);
  return rows.map(summaryOf);
}

async function versionRow(db: Db, postId: number, versionId: number) {
  const [row] = await db
    .select({ ...summaryColumns, excerpt: postVersions.excerpt, content: postVersions.content, ...coverAndTags })
    .from(postVersions)
    .leftJoin(users, eq(users.id, postVersions.savedBy))
    .where(and(eq(postVersions.postId, postId), eq(postVersions.id, versionId)));
  if (!row) throw notFound('The version');
  return row;
}
const coverAndTags = { coverImage: postVersions.coverImage, tags: postVersions.tags };

/**
 * One kept version and what changed from it to the post now, or to another of its versions
 * (`againstId`); 404 when either is not one of that post's.
 */
export async function getPostVersion(db: Db, postId: number, versionId: number, againstId?: number): Promise<PostVersion> {
  const post = await postRow(db, postId);
  const row = await versionRow(db, postId, versionId);
  const other = againstId === undefined ? post : await versionRow(db, postId, againstId);
  return {
    ...summaryOf(row),
    excerpt: row.excerpt,
    content: row.content,
    cover_image: row.coverImage,
    tags: row.tags,
    diff: postDiff(row, other),
  };
}

/**
 * Puts a kept version's title, excerpt, body, cover and tags back (not its status: a post taken
 * off the site stays off), keeping the text it replaces as a version first. Returns the version
 * restored and the cover replaced (for media clean-up).
 */
export async function restorePostVersion(db: Db, postId: number, versionId: number) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
    if (!current) throw notFound('The post');
    const version = await versionRow(tx, postId, versionId);
    const restored = {
      title: version.title,
      excerpt: version.excerpt,
      content: version.content,
      coverImage: version.coverImage,
      tags: version.tags,
      status: current.status,
    };
    if (!sameVersion(current, restored)) await keepPostVersion(tx, current);
    await tx
      .update(posts)
      .set({ ...restored, contentImages: uploadsIn(version.content) })
      .where(eq(posts.id, postId));
    return { version: summaryOf(version), previous: current };
  });
}
