import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { audienceUse, type GalleryAudience } from '../../../shared/schemas/gallery.ts';
import type { HiddenPhoto } from '../../../shared/schemas/hidden-photo.ts';
import { isUploadUrl, UPLOADS_PREFIX, variantUrl, VARIANT_WIDTHS } from '../../../shared/schemas/media.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../backups/schema-history.ts';

/**
 * Private media (issue 32, docs/decisions/0028-family-area-and-private-media.md): which uploaded files belong to
 * galleries that are not for everyone, or are hidden because a tagged child's consent no longer
 * allows the gallery's audience; and the signed links through which parents fetch them.
 */

/**
 * The photos of published galleries (not staff-only) in which a tagged child's current consent
 * does not allow the gallery's audience (consentAllows, in SQL: the latest row of each purpose;
 * no row is no consent; "No images anywhere" refuses every audience). `galleryIds` narrows it.
 * One query, whatever the number of photos.
 */
export async function hiddenPhotos(db: Db, galleryIds?: number[]): Promise<HiddenPhoto[]> {
  if (galleryIds && galleryIds.length === 0) return [];
  const only = galleryIds
    ? sql`and g.id in (${sql.join(
        galleryIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await rowsOf<{
    gallery_id: number;
    title: string;
    audience: GalleryAudience;
    photo: string;
    child_id: number;
    first_name: string;
    last_name: string;
    needs: 'website' | 'families';
    no_images: boolean;
  }>(
    db,
    // Each tagged child's current consents are read once (the latest row of each purpose), not
    // once per tag: a family's galleries hold hundreds of tags of a few dozen children.
    sql`
    with tags as (
      select g.id as gallery_id, g.title, g.audience, t.photo, t.child_id
      from gallery_photo_children t
      join galleries g on g.id = t.gallery_id and g.published and g.audience <> 'staff' ${only}
    ), latest as (
      select distinct on (cc.child_id, cc.purpose) cc.child_id, cc.purpose, cc.granted
      from child_consents cc
      where cc.child_id in (select distinct child_id from tags)
      order by cc.child_id, cc.purpose, cc.recorded_at desc, cc.id desc
    ), consents as (
      select child_id,
             bool_or(purpose = 'none' and granted) as no_images,
             bool_or(purpose = 'website' and granted) as website,
             bool_or(purpose = 'families' and granted) as families
      from latest group by child_id
    )
    select tags.gallery_id, tags.title, tags.audience, tags.photo, tags.child_id, c.first_name, c.last_name,
           case when tags.audience = 'everyone' then 'website' else 'families' end as needs,
           coalesce(k.no_images, false) as no_images
    from tags
    join children c on c.id = tags.child_id
    left join consents k on k.child_id = tags.child_id
    where coalesce(k.no_images, false)
       or not coalesce(case when tags.audience = 'everyone' then k.website else k.families end, false)
    order by tags.gallery_id, tags.photo, c.first_name, c.last_name, tags.child_id`,
  );
  return rows.map((r) => ({
    galleryId: Number(r.gallery_id),
    galleryTitle: r.title,
    audience: r.audience,
    photo: r.photo,
    child: { id: Number(r.child_id), name: `${r.first_name} ${r.last_name}`.trim() },
    needs: r.needs,
    noImages: r.no_images === true,
  }));
}

/** The photo URLs hidden in each of `galleryIds` (for the public reads). */
export async function hiddenPhotoUrls(db: Db, galleryIds: number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  for (const h of await hiddenPhotos(db, galleryIds)) {
    let set = out.get(h.galleryId);
    if (!set) out.set(h.galleryId, (set = new Set()));
    set.add(h.photo);
  }
  return out;
}

/** The storage names of an upload URL and its variants (none for an external URL). */
export function storageNamesOf(url: string | null | undefined): string[] {
  if (!isUploadUrl(url)) return [];
  return [url, ...VARIANT_WIDTHS.map((w) => variantUrl(url, w))].map((u) => u.slice(UPLOADS_PREFIX.length));
}

/** One gallery a private file belongs to, as it is now. */
export interface FileGallery {
  galleryId: number;
  audience: GalleryAudience;
  branch: string | null;
  programme: string | null;
  published: boolean;
  /** Hidden from the audience by a tagged child's consent. */
  hidden: boolean;
}

/** The audience as one string: a signed link names it, so a changed audience ends the link. */
export const audienceKey = (g: Pick<FileGallery, 'audience' | 'branch' | 'programme'>) =>
  `${g.audience}:${g.branch ?? ''}:${g.programme ?? ''}`;

/** A parent may see the file through this gallery: published for families and not hidden. */
export const familyVisible = (g: FileGallery) =>
  g.published && !g.hidden && g.audience !== 'everyone' && audienceUse(g.audience) === 'families';

/**
 * Which stored files are private, and through which galleries. A file is private when no
 * gallery shows it to everyone (published or a draft for everyone, and not hidden) and some
 * gallery holds it that is not for everyone, or hides it. Files in no gallery (covers, the
 * website's photos, a post's images) are public, as before.
 */
/** The private files with their galleries, and the photos hidden in each gallery (`${galleryId} ${url}`). */
export interface PrivateFiles {
  byFile: Map<string, FileGallery[]>;
  hidden: Set<string>;
}

export const hiddenKey = (galleryId: number, url: string) => `${galleryId} ${url}`;

export async function loadPrivateFiles(db: Db): Promise<PrivateFiles> {
  const [rows, hidden] = await Promise.all([
    rowsOf<{
      id: number;
      images: string[];
      thumbnail: string | null;
      audience: GalleryAudience;
      audience_branch: string | null;
      audience_programme: string | null;
      published: boolean;
    }>(
      db,
      sql`select id, images, thumbnail, audience, audience_branch, audience_programme, published from galleries
          where audience <> 'everyone' or exists (select 1 from gallery_photo_children t where t.gallery_id = galleries.id)`,
    ),
    hiddenPhotos(db),
  ]);
  const hiddenSet = new Set(hidden.map((h) => hiddenKey(h.galleryId, h.photo)));
  const byFile = new Map<string, FileGallery[]>();
  const publicFiles = new Set<string>();
  for (const g of rows) {
    const id = Number(g.id);
    const urls = [...(g.images ?? []), ...(g.thumbnail ? [g.thumbnail] : [])];
    for (const url of urls) {
      const hiddenHere = hiddenSet.has(hiddenKey(id, url));
      const names = storageNamesOf(url);
      if (g.audience === 'everyone' && !hiddenHere) {
        for (const name of names) publicFiles.add(name);
        continue;
      }
      const entry: FileGallery = {
        galleryId: id,
        audience: g.audience,
        branch: g.audience_branch,
        programme: g.audience_programme,
        published: g.published,
        hidden: hiddenHere,
      };
      for (const name of names) {
        const list = byFile.get(name);
        if (list) list.push(entry);
        else byFile.set(name, [entry]);
      }
    }
  }
  // A file some other gallery (for everyone) still shows is public through it.
  for (const name of publicFiles) byFile.delete(name);
  // An everyone gallery untouched by tags was not read above: its files are public too.
  if (byFile.size > 0) {
    const names = [...byFile.keys()];
    const everyone = await rowsOf<{ url: string }>(
      db,
      sql`select distinct unnest(images || array_remove(array[thumbnail], null)) as url from galleries
          where audience = 'everyone' and not exists (select 1 from gallery_photo_children t where t.gallery_id = galleries.id)`,
    );
    const open = new Set(everyone.flatMap((r) => storageNamesOf(r.url)));
    for (const name of names) if (open.has(name)) byFile.delete(name);
  }
  return { byFile, hidden: hiddenSet };
}

/** How long a signed link of a private photo works. */
export const SIGNED_LINK_MINUTES = 15;

/**
 * Signed links of private photos: `/uploads/<name>?g=<gallery>&e=<expiry>&s=<HMAC>`, the HMAC
 * over the name, the gallery, its audience as it is now, and the expiry. Expiries are rounded to
 * the minute's end so a page drawn twice within it names the same links (the browser's cache).
 */
export class PhotoLinks {
  constructor(private readonly key: () => Promise<Buffer>) {}

  async sign(url: string, gallery: Pick<FileGallery, 'galleryId' | 'audience' | 'branch' | 'programme'>, now = Date.now()) {
    if (!isUploadUrl(url) && !/^\/uploads\/[a-f0-9]{32}-\d+\.webp$/.test(url)) return url;
    const name = url.slice(UPLOADS_PREFIX.length);
    const expires = Math.ceil((now + SIGNED_LINK_MINUTES * 60_000) / 60_000) * 60;
    const mac = sign(await this.key(), name, gallery.galleryId, audienceKey(gallery), expires);
    return `${url}?g=${gallery.galleryId}&e=${expires}&s=${mac}`;
  }

  /** Whether the query signs `name` for one of `galleries` (as they are now), and has not expired. */
  async check(name: string, query: Record<string, unknown>, galleries: FileGallery[], now = Date.now()) {
    const g = Number(query.g);
    const expires = Number(query.e);
    const mac = typeof query.s === 'string' ? query.s : '';
    if (!Number.isSafeInteger(g) || !Number.isSafeInteger(expires) || !/^[\w-]{43}$/.test(mac)) return false;
    if (expires * 1000 < now) return false;
    const gallery = galleries.find((x) => x.galleryId === g);
    if (!gallery || !familyVisible(gallery)) return false;
    const expected = Buffer.from(sign(await this.key(), name, g, audienceKey(gallery), expires));
    return timingSafeEqual(expected, Buffer.from(mac));
  }
}

const sign = (key: Buffer, name: string, galleryId: number, audience: string, expires: number) =>
  createHmac('sha256', key).update(`private-photo:${name}:${galleryId}:${audience}:${expires}`).digest('base64url');
