import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  keptPhotoTexts,
  type GalleryListOptions,
  type GalleryListPage,
  type GallerySchema,
  type GallerySummary,
  type GalleryValues,
  type PhotoTagsInput,
} from '../../../shared/schemas/gallery.ts';
import type { Db } from '../../db/client.ts';
import { countRows, matchesSearch } from '../../db/lists.ts';
import { galleries, galleryPhotoChildren, gallerySearch } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { inTransaction } from '../users/user-guards.ts';
import { audienceOf, checkAudience } from '../families/audience.ts';
import { assertConsents, assertInGroup, dropTagsOfRemovedPhotos, replacePhotoTags } from './gallery-audience.ts';
import { hiddenPhotoUrls } from './private-media.ts';

export type GalleryDto = z.infer<typeof GallerySchema>;
type GalleryRow = typeof galleries.$inferSelect;

function toDto(row: GalleryRow): GalleryDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    images: row.images,
    videoUrl: row.videoUrl,
    videoType: row.videoType,
    thumbnail: row.thumbnail,
    published: row.published,
    audience: row.audience,
    audienceBranch: row.audienceBranch,
    audienceProgramme: row.audienceProgramme,
    photos: photosOf(row.images, row.photoTexts),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Each image's words, in the images' order: staff's where given, else empty. */
function photosOf(images: string[], texts: GalleryRow['photoTexts']): GalleryDto['photos'] {
  const byUrl = new Map(texts.map((t) => [t.url, t]));
  return images.map((url) => ({ url, caption: byUrl.get(url)?.caption ?? '', alt: byUrl.get(url)?.alt ?? '' }));
}

/**
 * What the public (and staff without galleries: read) see: published galleries for everyone
 * (issue 32: a gallery for families, a branch, a programme or staff is never public).
 */
export const PUBLIC_GALLERY = and(eq(galleries.published, true), eq(galleries.audience, 'everyone'))!;

/**
 * The public's copy of published galleries: photos hidden by a tagged child's withdrawn consent
 * left out (issue 32; private-media.ts), with their words and tags.
 */
async function withoutHiddenPhotos<
  T extends { id: number; images: string[]; thumbnail: string | null; photos?: GalleryDto['photos'] },
>(db: Db, rows: T[]): Promise<T[]> {
  const hidden = await hiddenPhotoUrls(
    db,
    rows.map((r) => r.id),
  );
  if (hidden.size === 0) return rows;
  return rows.map((row) => {
    const gone = hidden.get(row.id);
    if (!gone) return row;
    return {
      ...row,
      images: row.images.filter((url) => !gone.has(url)),
      thumbnail: row.thumbnail && gone.has(row.thumbnail) ? null : row.thumbnail,
      ...(row.photos ? { photos: row.photos.filter((p) => !gone.has(p.url)) } : {}),
    };
  });
}

/** Newest first; drafts only for staff (whole galleries, image lists included). */
export async function listGalleries(
  db: Db,
  options: { includeDrafts: boolean; limit?: number; offset?: number },
): Promise<GalleryDto[]> {
  let query = db
    .select()
    .from(galleries)
    .where(options.includeDrafts ? undefined : PUBLIC_GALLERY)
    .orderBy(desc(galleries.createdAt), desc(galleries.id))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset) query = query.offset(options.offset);
  const dtos = (await query).map(toDto);
  return options.includeDrafts ? dtos : withoutHiddenPhotos(db, dtos);
}

export async function getGallery(db: Db, id: number, options: { includeDrafts: boolean }): Promise<GalleryDto | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return null;
  const [row] = await db.select().from(galleries).where(eq(galleries.id, id));
  if (!row || (!options.includeDrafts && !(row.published && row.audience === 'everyone'))) return null;
  return options.includeDrafts ? toDto(row) : (await withoutHiddenPhotos(db, [toDto(row)]))[0]!;
}

const summaryColumns = (() => {
  const { photoTexts: _texts, ...columns } = getTableColumns(galleries);
  return { ...columns, imageCount: sql<number>`cardinality(${galleries.images})`.mapWith(Number) };
})();

const GALLERY_ORDERS: Record<GalleryListOptions['sort'], SQL[]> = {
  newest: [sql`${galleries.createdAt} desc`, sql`${galleries.id} desc`],
  oldest: [asc(galleries.createdAt), asc(galleries.id)],
  title: [sql`lower(${galleries.title})`, asc(galleries.id)],
};

/**
 * GET /api/admin/galleries: one page of gallery summaries (each with its image URLs, as §7's
 * Gallery objects have them: issue 31; not the photos' words), the number matching,
 * and §2's five counters from one count query. Drafts (and their counts) only for staff.
 */
export async function listGallerySummaries(
  db: Db,
  options: GalleryListOptions & { includeDrafts: boolean },
): Promise<GalleryListPage> {
  const visible = options.includeDrafts ? undefined : PUBLIC_GALLERY;
  const filters = and(
    options.status ? eq(galleries.published, options.status === 'published') : undefined,
    options.type ? eq(galleries.type, options.type) : undefined,
    matchesSearch(gallerySearch(galleries), options.q),
  );
  const where = and(visible, filters);
  const rows = db
    .select(summaryColumns)
    .from(galleries)
    .where(where)
    .orderBy(...GALLERY_ORDERS[options.sort])
    .limit(options.limit)
    .offset(options.offset);
  const [found, counts] = await Promise.all([rows, galleryStats(db, visible)]);
  const data = options.includeDrafts
    ? found
    : (await withoutHiddenPhotos(db, found)).map((row) => ({ ...row, imageCount: row.images.length }));
  // Unfiltered, the counters hold the total; filters count their matches.
  const total = filters ? ((await db.select({ n: countRows() }).from(galleries).where(where))[0]?.n ?? 0) : counts.total;
  return {
    data: data.map(({ imageCount, ...row }): GallerySummary => {
      const { photos: _photos, tags: _tags, ...summary } = toDto({ ...row, photoTexts: [] });
      return { ...summary, image_count: imageCount };
    }),
    total,
    limit: options.limit,
    offset: options.offset,
    counts,
  };
}

/** §2's five counters, from one query. */
export async function galleryStats(db: Db, where?: SQL) {
  const groups = await db
    .select({
      type: galleries.type,
      published: galleries.published,
      n: count(),
      images: sql<number>`sum(cardinality(${galleries.images}))`.mapWith(Number),
    })
    .from(galleries)
    .where(where)
    .groupBy(galleries.type, galleries.published);
  const stats = { total: 0, images: 0, videos: 0, published: 0, drafts: 0 };
  for (const g of groups) {
    stats.total += g.n;
    if (g.type === 'images') stats.images += g.images;
    else stats.videos += g.n;
    if (g.published) stats.published += g.n;
    else stats.drafts += g.n;
  }
  return stats;
}

const columns = (v: GalleryValues) => ({
  title: v.title,
  description: v.description,
  type: v.type,
  images: v.images,
  videoUrl: v.videoUrl,
  videoType: v.videoType,
  thumbnail: v.thumbnail,
  published: v.published,
});

export async function createGallery(db: Db, values: GalleryValues, actor: { id: number } | null): Promise<GalleryDto> {
  const audience = await checkAudience(db, audienceOf(values));
  const [row] = await db
    .insert(galleries)
    .values({ ...columns(values), ...audience, photoTexts: values.photos ?? [], createdBy: actor?.id ?? null })
    .returning();
  return toDto(row!);
}

/** Returns the gallery and the image URLs it held before (for media clean-up). */
export async function updateGallery(db: Db, id: number, values: GalleryValues) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(galleries).where(eq(galleries.id, id)).for('update');
    if (!current) throw notFound('The gallery');
    // Words left out of the request stay with the photos still there (issue 31).
    const photoTexts = values.photos ?? keptPhotoTexts(values.images, current.photoTexts);
    // Left out, the audience stays (issue 32); a change is checked against the school and the tags.
    const audience = await checkAudience(tx, audienceOf(values, current));
    const [row] = await tx
      .update(galleries)
      .set({ ...columns(values), ...audience, photoTexts })
      .where(eq(galleries.id, id))
      .returning();
    await dropTagsOfRemovedPhotos(tx, id, row!.images);
    const tagged = await tx
      .selectDistinct({ id: galleryPhotoChildren.childId })
      .from(galleryPhotoChildren)
      .where(eq(galleryPhotoChildren.galleryId, id));
    await assertInGroup(
      tx,
      audience,
      tagged.map((t) => t.id),
    );
    // A published gallery's tagged children need consent for its audience: else nothing changes.
    await assertConsents(tx, id, row!);
    return { gallery: toDto(row!), previousImages: [...current.images, ...(current.thumbnail ? [current.thumbnail] : [])] };
  });
}

/** Deletes a gallery (linked events keep going without it); returns the URLs it held. */
export async function deleteGallery(db: Db, id: number): Promise<string[]> {
  const [row] = await db.delete(galleries).where(eq(galleries.id, id)).returning();
  if (!row) throw notFound('The gallery');
  return [...row.images, ...(row.thumbnail ? [row.thumbnail] : [])];
}

/**
 * PUT /api/admin/galleries/{id}/tags: the children tagged in one of the gallery's photos (issue 32),
 * each in the gallery's group; on a published gallery each with consent for its audience, else a
 * 409 and nothing changes.
 */
export async function setPhotoTags(db: Db, id: number, input: PhotoTagsInput) {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(galleries).where(eq(galleries.id, id)).for('update');
    if (!current) throw notFound('The gallery');
    if (!current.images.includes(input.photo)) {
      throw badRequest('That photo is not in this gallery.', { fields: { photo: 'Choose one of the gallery’s photos.' } });
    }
    await assertInGroup(tx, current, input.children);
    const counts = await replacePhotoTags(tx, id, input.photo, input.children);
    await assertConsents(tx, id, current);
    return { gallery: toDto(current), ...counts };
  });
}
