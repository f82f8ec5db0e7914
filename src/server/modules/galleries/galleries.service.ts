import { count, desc, eq, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { GallerySchema, GalleryValues } from '../../../shared/schemas/gallery.ts';
import type { Db } from '../../db/client.ts';
import { galleries } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

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
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Newest first; drafts only for staff. */
export async function listGalleries(
  db: Db,
  options: { includeDrafts: boolean; limit?: number; offset?: number },
): Promise<GalleryDto[]> {
  let query = db
    .select()
    .from(galleries)
    .where(options.includeDrafts ? undefined : eq(galleries.published, true))
    .orderBy(desc(galleries.createdAt), desc(galleries.id))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset) query = query.offset(options.offset);
  return (await query).map(toDto);
}

export async function getGallery(db: Db, id: number, options: { includeDrafts: boolean }): Promise<GalleryDto | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return null;
  const [row] = await db.select().from(galleries).where(eq(galleries.id, id));
  if (!row || (!row.published && !options.includeDrafts)) return null;
  return toDto(row);
}

/** §2's five counters. */
export async function galleryStats(db: Db) {
  const [row] = await db
    .select({
      total: count(),
      images: sum(sql`case when ${galleries.type} = 'images' then cardinality(${galleries.images}) else 0 end`),
      videos: sum(sql`case when ${galleries.type} = 'video' then 1 else 0 end`),
      published: sum(sql`case when ${galleries.published} then 1 else 0 end`),
    })
    .from(galleries);
  const total = row?.total ?? 0;
  const published = Number(row?.published ?? 0);
  return { total, images: Number(row?.images ?? 0), videos: Number(row?.videos ?? 0), published, drafts: total - published };
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
  const [row] = await db
    .insert(galleries)
    .values({ ...columns(values), createdBy: actor?.id ?? null })
    .returning();
  return toDto(row!);
}

/** Returns the gallery and the image URLs it held before (for media clean-up). */
export async function updateGallery(db: Db, id: number, values: GalleryValues) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(galleries).where(eq(galleries.id, id)).for('update');
    if (!current) throw notFound('The gallery');
    const [row] = await tx.update(galleries).set(columns(values)).where(eq(galleries.id, id)).returning();
    return { gallery: toDto(row!), previousImages: [...current.images, ...(current.thumbnail ? [current.thumbnail] : [])] };
  });
}

/** Deletes a gallery (linked events keep going without it); returns the URLs it held. */
export async function deleteGallery(db: Db, id: number): Promise<string[]> {
  const [row] = await db.delete(galleries).where(eq(galleries.id, id)).returning();
  if (!row) throw notFound('The gallery');
  return [...row.images, ...(row.thumbnail ? [row.thumbnail] : [])];
}
