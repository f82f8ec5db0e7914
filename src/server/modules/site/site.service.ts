import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ImageMeta, PublicPost, SiteSection } from '../../../client/lib/public-data.ts';
import { DEFAULT_SCHOOL, SchoolProfileSchema, type SchoolProfile } from '../../../shared/schemas/school.ts';
import { SECTION_SCHEMAS, type SiteContent } from '../../../shared/schemas/site-content.ts';
import { SITE_DEFAULTS, type SectionKey } from '../../../shared/schemas/site-content-defaults.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { authorAndCover, PUBLIC_POST } from '../posts/posts.service.ts';
import { media, posts, settings, siteSections, users } from '../../db/schema/index.ts';

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
 * Public posts (PUBLIC_POST) for the blog cards, newest first: the card fields only. The posts service's
 * list also returns (and sanitises) every post's full HTML, which a card never shows.
 */
const postCardsQuery = (db: Db, where: SQL) =>
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
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
const postCards = preparedPerDb((db) => postCardsQuery(db, PUBLIC_POST).prepare('sprout_post_cards'));
/** One tag's posts (issue 31: /blog?tag=), through posts_tags_idx: the tag as the posts spell it. */
const taggedPostCards = preparedPerDb((db) =>
  postCardsQuery(db, and(PUBLIC_POST, sql`${posts.tags} @> array[${sql.placeholder('tag')}]::text[]`)!).prepare(
    'sprout_tagged_post_cards',
  ),
);

export async function listPostCards(db: Db, page: { limit: number; offset: number; tag?: string | null }): Promise<PublicPost[]> {
  const rows = page.tag
    ? await taggedPostCards(db).execute({ limit: page.limit, offset: page.offset, tag: page.tag })
    : await postCards(db).execute({ limit: page.limit, offset: page.offset });
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

/** Where a stored section that no longer parses is reported (the app's logger, else the console). */
export interface ContentLog {
  warn(details: object, message: string): void;
}
const consoleLog: ContentLog = { warn: (details, message) => console.warn(message, details) };

const publishedSection = preparedPerDb((db) =>
  db
    .select({ published: siteSections.published })
    .from(siteSections)
    .where(eq(siteSections.key, sql.placeholder('key')))
    .prepare('sprout_site_section'),
);

/**
 * The words parents read on a section's page (issue 30): its published content, else today's text
 * (SITE_DEFAULTS). A stored document the schema refuses (written by an older version, or by hand)
 * is reported and the default shown: a page never breaks on its content.
 */
export async function getSiteContent<K extends SectionKey>(
  db: Db,
  key: K,
  log: ContentLog = consoleLog,
): Promise<SiteContent[K]> {
  const [row] = await publishedSection(db).execute({ key });
  if (row?.published == null) return SITE_DEFAULTS[key];
  const parsed = SECTION_SCHEMAS[key].safeParse(row.published);
  if (parsed.success) return parsed.data as SiteContent[K];
  log.warn(
    { section: key, issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) },
    'The published site content does not fit its schema: the page shows the default text',
  );
  return SITE_DEFAULTS[key];
}

/** The uploads a section's photos point at (`{ url: '/uploads/...', alt, decorative }`, anywhere in it). */
export function photoUrlsOf(content: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(content)) for (const item of content) photoUrlsOf(item, found);
  else if (content && typeof content === 'object') {
    const { url } = content as { url?: unknown };
    if (typeof url === 'string' && url.startsWith('/uploads/')) found.add(url);
    for (const value of Object.values(content)) if (value && typeof value === 'object') photoUrlsOf(value, found);
  }
  return found;
}

/** The size and WebP variants of each uploaded photo in `content`, by its URL (ResponsiveImage's `meta`). */
export async function photosOf(db: Db, content: unknown): Promise<Record<string, ImageMeta>> {
  const urls = [...photoUrlsOf(content)];
  if (urls.length === 0) return {};
  const rows = await db
    .select({ url: media.url, width: media.width, height: media.height, variants: media.variants })
    .from(media)
    .where(inArray(media.url, urls));
  return Object.fromEntries(rows.map((row) => [row.url, row]));
}

/** A section as a public page draws it: its words, and its photos' sizes and variants. */
export async function publicSiteSection<K extends SectionKey>(db: Db, key: K, log?: ContentLog): Promise<SiteSection<K>> {
  const content = await getSiteContent(db, key, log);
  return { content, photos: await photosOf(db, content) };
}
