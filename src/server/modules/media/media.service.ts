import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { eq, lt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type Sharp from 'sharp';
import type { OutputInfo } from 'sharp';
import {
  isUploadUrl,
  MAX_IMAGE_BYTES,
  UPLOADS_PREFIX,
  VARIANT_WIDTHS,
  variantUrl,
  type UploadedImage,
} from '../../../shared/schemas/media.ts';
import type { Db } from '../../db/client.ts';
import {
  eventSeries,
  events,
  galleries,
  media,
  posts,
  postVersions,
  sitePages,
  siteSections,
  siteVersions,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { FolderStorage, type Storage } from '../../storage/storage.ts';
import { busyWithImages, imageQueue } from './image-queue.ts';

let sharpLoaded: Promise<typeof Sharp> | undefined;
/**
 * sharp with the first image, not at boot: libvips is about 9 MB of every instance's memory, and
 * most instances never see an upload. Each upload is read once: libvips' cache of recent
 * operations (up to 50 MB) would only hold on to memory that every instance pays for.
 */
export const loadSharp = () => (sharpLoaded ??= import('sharp').then(({ default: sharp }) => (sharp.cache(false), sharp)));

/** Types accepted by their bytes, never by name or declared type; SVG and anything else refused. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const MAX_SIDE = 2000;
/** Refuses decompression bombs before they are decoded. */
const MAX_PIXELS = 60_000_000;

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** Where uploads go: a Storage, or a DATA_DIR whose uploads folder is used (tools, tests). */
export type UploadsTarget = Storage | string;
const storageOf = (target: UploadsTarget): Storage =>
  typeof target === 'string' ? new FolderStorage(uploadsDir(target)) : target;

const unsupported = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, GIF or WebP images can be uploaded.');

/**
 * Re-encodes an image to WebP (metadata stripped: photos of children must never carry GPS),
 * stores it and its 400/800/1600 px variants under DATA_DIR/uploads with a random name, and
 * records it in `media`. See shared/schemas/media.ts for the URL convention.
 */
export async function storeImage(
  db: Db,
  target: UploadsTarget,
  bytes: Buffer,
  actor: { id: number } | null,
  fileName?: string,
): Promise<UploadedImage> {
  try {
    return await storeImageAs(db, target, bytes, actor);
  } catch (error) {
    // A refusal names its file: one of twenty in an upload must be findable.
    if (fileName && error instanceof AppError)
      throw new AppError(error.status, error.code, `${fileName.slice(0, 120)}: ${error.message}`, error.details);
    throw error;
  }
}

/** The WebP and its variants, made in the image queue's turn (one image decoded at a time). */
async function encode(bytes: Buffer) {
  const sharp = await loadSharp();
  let main: { data: Buffer; info: OutputInfo };
  try {
    // Sharp drops EXIF/XMP/ICC metadata unless asked to keep it; .rotate() bakes the orientation in first.
    main = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(400, 'UNREADABLE_IMAGE', 'The image could not be read. It may be damaged; try another file.');
  }
  // The variants are what pages show: quality 75 at WebP's slowest, smallest effort (about a sixth
  // smaller than quality 80 at the default effort; an upload is made once and shown often).
  const variants: { width: number; data: Buffer }[] = [];
  for (const width of VARIANT_WIDTHS) {
    const data = await sharp(main.data).resize({ width, withoutEnlargement: true }).webp({ quality: 75, effort: 6 }).toBuffer();
    variants.push({ width, data });
  }
  return { main, variants };
}

export const TOO_LARGE_MESSAGE = 'The file is too large: images may be at most 10 MB.';

/** storeImage without the file's name in a refusal (the caller names the file). */
export async function storeImageAs(
  db: Db,
  target: UploadsTarget,
  bytes: Buffer,
  actor: { id: number } | null,
): Promise<UploadedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', TOO_LARGE_MESSAGE);
  if (bytes.length === 0) throw new AppError(400, 'EMPTY_FILE', 'The file is empty.');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw unsupported();

  const { main, variants: encoded } = await imageQueue(() => encode(bytes), busyWithImages);
  const name = randomBytes(16).toString('hex');
  const storage = storageOf(target);
  const url = `${UPLOADS_PREFIX}${name}.webp`;
  const variants: { width: number; url: string }[] = [];
  await storage.put(`${name}.webp`, main.data, 'image/webp');
  try {
    for (const { width, data } of encoded) {
      await storage.put(`${name}-${width}.webp`, data, 'image/webp');
      variants.push({ width, url: variantUrl(url, width) });
    }
    await db.insert(media).values({
      url,
      width: main.info.width,
      height: main.info.height,
      bytes: main.data.length,
      variants,
      createdBy: actor?.id ?? null,
    });
  } catch (error) {
    await removeFiles(storage, url);
    throw error;
  }
  return { url, width: main.info.width, height: main.info.height, variants };
}

async function removeFiles(storage: Storage, url: string) {
  const name = url.slice(UPLOADS_PREFIX.length);
  await Promise.all([name, ...VARIANT_WIDTHS.map((w) => variantUrl(name, w))].map((f) => storage.remove(f)));
}

/**
 * Is an upload URL still used by any event, gallery or post, or by the site's words: a section or
 * page, published, in a draft or in a kept version that staff may restore (issue 30; a post's, issue 34)?
 */
async function isReferenced(db: Db, url: string): Promise<boolean> {
  const [row] = await db
    .select({
      used: sql<boolean>`(
        exists(select 1 from ${events} where ${events.coverImage} = ${url})
        or exists(select 1 from ${eventSeries} where ${eventSeries.coverImage} = ${url})
        or exists(select 1 from ${posts} where ${posts.coverImage} = ${url})
        or exists(select 1 from ${posts} where ${posts.contentImages} @> array[${url}]::text[])
        or exists(select 1 from ${galleries} where ${galleries.thumbnail} = ${url} or ${url} = any(${galleries.images}))
        or exists(select 1 from ${siteSections} where strpos(concat(${siteSections.published}::text, ${siteSections.draft}::text), ${url}) > 0)
        or exists(select 1 from ${sitePages} where strpos(concat(${sitePages.published}::text, ${sitePages.draft}::text), ${url}) > 0)
        or exists(select 1 from ${siteVersions} where strpos(${siteVersions.content}::text, ${url}) > 0)
        or exists(select 1 from ${postVersions} where ${postVersions.coverImage} = ${url} or strpos(${postVersions.content}, ${url.replace(/\.webp$/, '')}) > 0)
      )`,
    })
    .from(sql`(values (1)) as one(x)`);
  return !!row?.used;
}

/**
 * Removes uploads that no content references any more (called after content is updated or
 * deleted). Never throws: a file left behind is swept later.
 */
export async function releaseMedia(db: Db, target: UploadsTarget, urls: (string | null | undefined)[]): Promise<string[]> {
  const removed: string[] = [];
  for (const url of new Set(urls.filter(isUploadUrl))) {
    try {
      if (await isReferenced(db, url)) continue;
      await db.delete(media).where(eq(media.url, url));
      await removeFiles(storageOf(target), url);
      removed.push(url);
    } catch {
      // swept later by sweepUnusedMedia
    }
  }
  return removed;
}

/**
 * Uploads never used by content (a form abandoned after uploading) are removed after a day, and
 * so are files with no `media` row at all (left by a write whose transaction rolled back).
 */
export async function sweepUnusedMedia(db: Db, target: UploadsTarget, olderThanMs = 24 * 3600_000): Promise<string[]> {
  const storage = storageOf(target);
  const cutoff = new Date(Date.now() - olderThanMs);
  const stale = await db.select({ url: media.url }).from(media).where(lt(media.createdAt, cutoff));
  const removed = await releaseMedia(
    db,
    storage,
    stale.map((r) => r.url),
  );
  const known = new Set((await db.select({ url: media.url }).from(media)).map((r) => r.url));
  try {
    for await (const file of storage.list()) {
      const match = /^([a-f0-9]{32})(-\d+)?\.webp$/.exec(file.name);
      if (!match || known.has(`${UPLOADS_PREFIX}${match[1]}.webp`) || file.modified >= cutoff) continue;
      await storage.remove(file.name);
      removed.push(`${UPLOADS_PREFIX}${file.name}`);
    }
  } catch {
    // tried again at the next sweep
  }
  return removed;
}
