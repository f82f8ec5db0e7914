import { desc, eq, sql } from 'drizzle-orm';
import type { PublicPost } from '../../../client/lib/public-data.ts';
import { DEFAULT_SCHOOL, SchoolProfileSchema, type SchoolProfile } from '../../../shared/schemas/school.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { authorAndCover } from '../posts/posts.service.ts';
import { media, posts, settings, users } from '../../db/schema/index.ts';

export const SCHOOL_KEY = 'school';

/** The school profile from settings, completed with the defaults for anything not set yet. */
export async function getSchoolProfile(db: Db): Promise<SchoolProfile> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SCHOOL_KEY));
  if (!row) return DEFAULT_SCHOOL;
  const parsed = SchoolProfileSchema.safeParse({ ...DEFAULT_SCHOOL, ...(row.value as object) });
  return parsed.success ? parsed.data : DEFAULT_SCHOOL;
}

export async function saveSchoolProfile(db: Db, profile: SchoolProfile): Promise<SchoolProfile> {
  const value = SchoolProfileSchema.parse(profile);
  await db
    .insert(settings)
    .values({ key: SCHOOL_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}

/** When staff last changed the school profile (sitemap lastmod of the static pages). */
export async function schoolUpdatedAt(db: Db): Promise<string | null> {
  const [row] = await db.select({ updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, SCHOOL_KEY));
  return row?.updatedAt?.toISOString() ?? null;
}

/**
 * Published posts for the blog cards, newest first: the card fields only. The posts service's
 * list also returns (and sanitises) every post's full HTML, which a card never shows.
 */
const postCards = preparedPerDb((db) =>
  db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      coverImage: posts.coverImage,
      tags: posts.tags,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      publishedAt: posts.publishedAt,
      ...authorAndCover,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(media, eq(media.url, posts.coverImage))
    .where(eq(posts.status, 'published'))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('sprout_post_cards'),
);

export async function listPostCards(db: Db, page: { limit: number; offset: number }): Promise<PublicPost[]> {
  const rows = await postCards(db).execute({ limit: page.limit, offset: page.offset });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: '',
    cover_image: row.coverImage,
    cover_meta:
      row.coverImage && row.coverWidth != null
        ? { url: row.coverImage, width: row.coverWidth, height: row.coverHeight!, variants: row.coverVariants ?? [] }
        : null,
    tags: row.tags,
    author: `${row.authorFirst ?? ''} ${row.authorLast ?? ''}`.trim() || row.authorUsername || null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  }));
}
