import { and, asc, eq, inArray, lt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { periodWords, type RetentionPeriod } from '../../../shared/schemas/security.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runOnOneInstance } from '../../db/exclusive.ts';
import { children, galleries, galleryPhotoChildren } from '../../db/schema/index.ts';
import { audit } from '../audit/audit.service.ts';
import { getSecuritySettings } from '../security/security-settings.service.ts';
import { inTransaction } from '../users/user-guards.ts';

/*
 * Retention of families after their children leave (issue 32, docs/decisions/0027-family-retention.md):
 * the family's sign-in ends a period after the last child's leaving date, and a child's photos leave
 * every audience but staff, and their tags go, after a second period (Settings > Security).
 */

/**
 * The earliest leaving date still within `period` of today ('YYYY-MM-DD', UTC): a child whose
 * leaving date is before it left longer ago than the period. A month back from the 31st is the
 * month's last day.
 */
export function leftBefore(period: RetentionPeriod, now = new Date()): string {
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  if (period.unit === 'days') return new Date(Date.UTC(y, m, d - period.amount)).toISOString().slice(0, 10);
  const lastDay = new Date(Date.UTC(y, m - period.amount + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - period.amount, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * The one condition of a family's access (sign-in link, link claimed, every session): some child
 * has no leaving date, or left within `period` (a leaving date in the future included). A family
 * without children keeps access; one whose children all left longer ago has none.
 */
export function familyAccessKept(familyId: SQLWrapper, period: RetentionPeriod, now?: Date): SQL {
  const cutoff = leftBefore(period, now);
  return sql`coalesce((select bool_or(c.leaving_date is null or c.leaving_date >= ${cutoff}::date)
    from ${children} c where c.family_id = ${familyId}), true)`;
}

/** Where the photos of children who left go: a gallery only staff see, made when first needed. */
export const KEPT_FOR_STAFF_TITLE = 'Photos of children who have left (staff only)';
const KEPT_FOR_STAFF_DESCRIPTION =
  'Sprout moved these photos here from galleries that families or the public see, because a child tagged in them left the school longer ago than the period set under Settings > Security. Only staff see this gallery.';

export interface PhotoRetentionResult {
  children: number;
  tags: number;
  photosMoved: number;
}

/**
 * The children who left longer ago than the school's photo period: each photo in which one is
 * tagged leaves every gallery not for staff only (it moves, with its caption and the other
 * children's tags, to the staff-only gallery above), then their tags are removed everywhere. One
 * transaction; one audit entry when something changed (counts only). The caller tells the
 * instances' caches (site-changes).
 */
export async function retirePhotosOfChildrenWhoLeft(db: Db, now = new Date()): Promise<PhotoRetentionResult> {
  const period = (await getSecuritySettings(db)).photosAfterLeaving;
  const left = db
    .select({ id: children.id })
    .from(children)
    .where(lt(children.leavingDate, leftBefore(period, now)));
  const result = await inTransaction(db, async (tx) => {
    const shown = await tx
      .selectDistinct({ galleryId: galleryPhotoChildren.galleryId, photo: galleryPhotoChildren.photo })
      .from(galleryPhotoChildren)
      .innerJoin(galleries, eq(galleries.id, galleryPhotoChildren.galleryId))
      .where(and(inArray(galleryPhotoChildren.childId, left), ne(galleries.audience, 'staff')))
      .orderBy(asc(galleryPhotoChildren.galleryId), asc(galleryPhotoChildren.photo));
    const photosMoved = shown.length ? await moveToStaffGallery(tx, shown) : 0;
    const removed = await tx
      .delete(galleryPhotoChildren)
      .where(inArray(galleryPhotoChildren.childId, left))
      .returning({ childId: galleryPhotoChildren.childId });
    return { children: new Set(removed.map((r) => r.childId)).size, tags: removed.length, photosMoved };
  });
  if (result.tags > 0) {
    await audit(
      db,
      { userId: null, username: null, ip: null },
      {
        action: 'delete',
        entity: 'child',
        title: 'Retention: photo tags of children who left',
        details: { ...result, period: periodWords(period) },
      },
    );
  }
  return result;
}

/** Takes each photo out of its gallery (with its caption, its tags, and as the cover) into the staff-only one. */
async function moveToStaffGallery(tx: Db, photos: { galleryId: number; photo: string }[]): Promise<number> {
  const sources = await tx
    .select({ id: galleries.id, images: galleries.images, thumbnail: galleries.thumbnail, photoTexts: galleries.photoTexts })
    .from(galleries)
    .where(
      inArray(
        galleries.id,
        photos.map((p) => p.galleryId),
      ),
    )
    .orderBy(asc(galleries.id))
    .for('update');
  const kept = await staffGallery(tx);
  const images = [...kept.images];
  const texts = [...kept.photoTexts];
  let moved = 0;
  for (const source of sources) {
    const leaving = new Set(photos.filter((p) => p.galleryId === source.id).map((p) => p.photo));
    for (const url of source.images.filter((u) => leaving.has(u))) {
      moved += 1;
      if (!images.includes(url)) images.push(url);
      const text = source.photoTexts.find((t) => t.url === url);
      if (text && !texts.some((t) => t.url === url)) texts.push(text);
    }
    await tx
      .update(galleries)
      .set({
        images: source.images.filter((u) => !leaving.has(u)),
        photoTexts: source.photoTexts.filter((t) => !leaving.has(t.url)),
        thumbnail: source.thumbnail && leaving.has(source.thumbnail) ? null : source.thumbnail,
        updatedAt: new Date(),
      })
      .where(eq(galleries.id, source.id));
    // The other children tagged in a photo stay tagged in it, in the staff-only gallery.
    const inSource = and(eq(galleryPhotoChildren.galleryId, source.id), inArray(galleryPhotoChildren.photo, [...leaving]));
    await tx.execute(
      sql`insert into ${galleryPhotoChildren} (gallery_id, photo, child_id)
          select ${kept.id}::int, photo, child_id from ${galleryPhotoChildren} where ${inSource} on conflict do nothing`,
    );
    await tx.delete(galleryPhotoChildren).where(inSource);
  }
  await tx.update(galleries).set({ images, photoTexts: texts, updatedAt: new Date() }).where(eq(galleries.id, kept.id));
  return moved;
}

async function staffGallery(tx: Db) {
  const columns = { id: galleries.id, images: galleries.images, photoTexts: galleries.photoTexts };
  const [found] = await tx
    .select(columns)
    .from(galleries)
    .where(and(eq(galleries.title, KEPT_FOR_STAFF_TITLE), eq(galleries.audience, 'staff')))
    .orderBy(asc(galleries.id))
    .limit(1)
    .for('update');
  if (found) return found;
  const [made] = await tx
    .insert(galleries)
    .values({ title: KEPT_FOR_STAFF_TITLE, description: KEPT_FOR_STAFF_DESCRIPTION, audience: 'staff', published: false })
    .returning(columns);
  return made!;
}

/**
 * The photo retention as the server runs it (at start and every few hours): on one instance, then
 * every instance's caches forget the galleries it changed (site-changes).
 */
export async function runPhotoRetention(app: FastifyInstance): Promise<PhotoRetentionResult | undefined> {
  const done = await runOnOneInstance(app.database, 'family-photo-retention', () => retirePhotosOfChildrenWhoLeft(app.db));
  if (done?.tags) app.siteChanges.publish('/api/galleries');
  return done;
}
