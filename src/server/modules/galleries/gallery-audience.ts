import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { audienceUse, type ConsentProblem, type GalleryAudience, type PhotoTag } from '../../../shared/schemas/gallery.ts';
import type { AudienceGroup } from '../../../shared/schemas/audience.ts';
import type { Db } from '../../db/client.ts';
import { children, galleryPhotoChildren } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../errors.ts';
import { childrenWithoutConsent, currentConsents } from '../families/families.service.ts';

/** A gallery's audience and its group (issue 32). */
export type Audience = AudienceGroup<GalleryAudience>;

const nameOf = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/**
 * Of `childIds`, those not in the audience's group (for a programme: that programme at that
 * branch; a branch: that branch; the others: any child of the school), or not children at all:
 * a 400 naming the first.
 */
export async function assertInGroup(db: Db, a: Audience, childIds: number[]): Promise<void> {
  if (childIds.length === 0) return;
  const rows = await db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      branch: children.branch,
      programme: children.programme,
    })
    .from(children)
    .where(inArray(children.id, childIds));
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = childIds.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw badRequest(`There is no child ${missing}.`, {
      fields: { children: `There is no child ${missing}.` },
      child: { id: missing },
    });
  }
  const outside = rows.find(
    (c) =>
      (a.audience === 'branch' && c.branch !== a.audienceBranch) ||
      (a.audience === 'programme' && (c.branch !== a.audienceBranch || c.programme !== a.audienceProgramme)),
  );
  if (outside) {
    const name = nameOf(outside);
    const group = a.audience === 'branch' ? 'the gallery’s branch' : 'the gallery’s programme at its branch';
    throw badRequest(`${name} is not in ${group}: only its children can be tagged.`, {
      fields: { children: `${name} is not in ${group}.` },
      child: { id: outside.id, name },
    });
  }
}

/** The children tagged in a gallery's photos, by photo then name. */
export async function galleryTags(db: Db, galleryId: number): Promise<PhotoTag[]> {
  const rows = await db
    .select({
      photo: galleryPhotoChildren.photo,
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
    })
    .from(galleryPhotoChildren)
    .innerJoin(children, eq(children.id, galleryPhotoChildren.childId))
    .where(eq(galleryPhotoChildren.galleryId, galleryId))
    .orderBy(asc(galleryPhotoChildren.photo), asc(children.firstName), asc(children.lastName), asc(children.id));
  return rows.map((r) => ({ photo: r.photo, child: { id: r.id, name: nameOf(r) } }));
}

/** Drops the tags of photos no longer in the gallery. */
export async function dropTagsOfRemovedPhotos(db: Db, galleryId: number, images: string[]): Promise<void> {
  await db
    .delete(galleryPhotoChildren)
    .where(
      and(
        eq(galleryPhotoChildren.galleryId, galleryId),
        images.length ? notInArray(galleryPhotoChildren.photo, images) : undefined,
      ),
    );
}

/**
 * The tagged children whose consent does not allow the audience ('everyone': the website;
 * families, branch, programme: the families; staff: none needed), with their photos. A child
 * with "No images anywhere" fails every audience but staff (consentAllows).
 */
export async function consentProblems(db: Db, galleryId: number, audience: GalleryAudience): Promise<ConsentProblem[]> {
  const use = audienceUse(audience);
  if (!use) return [];
  const tags = await db
    .select({ photo: galleryPhotoChildren.photo, childId: galleryPhotoChildren.childId })
    .from(galleryPhotoChildren)
    .where(eq(galleryPhotoChildren.galleryId, galleryId))
    .orderBy(asc(galleryPhotoChildren.photo));
  if (tags.length === 0) return [];
  const refused = await childrenWithoutConsent(
    db,
    tags.map((t) => t.childId),
    use,
  );
  if (refused.length === 0) return [];
  const consents = await currentConsents(
    db,
    refused.map((c) => c.id),
  );
  return refused.map((c) => ({
    child: { id: c.id, name: nameOf(c) },
    photos: tags.filter((t) => t.childId === c.id).map((t) => t.photo),
    needs: use,
    noImages: consents.get(c.id)?.none?.granted === true,
  }));
}

/** A 409 naming the children and photos concerned, when a published gallery's tags are not allowed. */
export async function assertConsents(db: Db, galleryId: number, a: { audience: GalleryAudience; published: boolean }) {
  if (!a.published) return;
  const problems = await consentProblems(db, galleryId, a.audience);
  if (problems.length === 0) return;
  const what = (p: ConsentProblem) =>
    `${p.child.name} (${p.noImages ? 'no images anywhere' : `no consent for ${p.needs === 'website' ? 'the website' : 'families'}`}: ${p.photos.length} photo${p.photos.length === 1 ? '' : 's'})`;
  throw conflict(
    `This gallery cannot be published for this audience: ${problems.map(what).join(', ')}. Untag them, or choose a narrower audience.`,
    { problems },
  );
}

/**
 * Sets the children tagged in one photo of a gallery (all of them: those left out are untagged).
 * The caller holds the gallery's row lock and checks consent afterwards.
 */
export async function replacePhotoTags(db: Db, galleryId: number, photo: string, childIds: number[]) {
  const before = await db
    .select({ childId: galleryPhotoChildren.childId })
    .from(galleryPhotoChildren)
    .where(and(eq(galleryPhotoChildren.galleryId, galleryId), eq(galleryPhotoChildren.photo, photo)));
  const had = new Set(before.map((r) => r.childId));
  const added = childIds.filter((id) => !had.has(id));
  const removed = [...had].filter((id) => !childIds.includes(id));
  if (removed.length) {
    await db
      .delete(galleryPhotoChildren)
      .where(
        and(
          eq(galleryPhotoChildren.galleryId, galleryId),
          eq(galleryPhotoChildren.photo, photo),
          inArray(galleryPhotoChildren.childId, removed),
        ),
      );
  }
  if (added.length) {
    await db.insert(galleryPhotoChildren).values(added.map((childId) => ({ galleryId, photo, childId })));
  }
  return { added: added.length, removed: removed.length };
}
