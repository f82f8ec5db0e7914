import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FamilyGalleryCard, FamilyPhoto } from '../../../client/features/family-area/family-pages.tsx';
import { variantUrl } from '../../../shared/schemas/media.ts';
import type { Db } from '../../db/client.ts';
import { children, families, familyContacts, galleries } from '../../db/schema/index.ts';
import { sessionIdOf } from '../auth/sessions.service.ts';
import { forFamiliesOf, type FamilyGroup } from '../families/family-content.ts';
import { familyHasAccess } from '../family-auth/family-auth.service.ts';
import { currentProgrammes } from '../admissions/programmes.ts';
import { hiddenKey, type PhotoLinks } from '../galleries/private-media.ts';

export const groupsOf = (family: { children: { branch: string | null; programme: string }[] }): FamilyGroup[] =>
  family.children.map((c) => ({ branch: c.branch, programme: c.programme }));

/** Galleries a family may see: published, for its families (all, a child's branch, a child's programme there). */
const forGroups = (groups: FamilyGroup[]) => and(eq(galleries.published, true), forFamiliesOf(galleries, groups))!;

type GalleryRow = typeof galleries.$inferSelect;

/** "All families", "City branch", "Pre-school at City". */
export async function audienceLabels(db: Db) {
  const programmes = await currentProgrammes(db);
  const name = (key: string | null) => programmes.find((p) => p.key === key)?.name ?? key ?? '';
  return (g: Pick<GalleryRow, 'audience' | 'audienceBranch' | 'audienceProgramme'>) => {
    if (g.audience === 'branch') return `Families of ${g.audienceBranch}`;
    if (g.audience === 'programme')
      return g.audienceBranch ? `${name(g.audienceProgramme)} at ${g.audienceBranch}` : name(g.audienceProgramme);
    return 'All families';
  };
}

const altOf = (g: GalleryRow, url: string) => g.photoTexts.find((t) => t.url === url)?.alt ?? '';

/** The galleries for the family, newest first, each with a signed link of its first photo. */
export async function familyGalleries(
  db: Db,
  links: PhotoLinks,
  groups: FamilyGroup[],
  hidden: Set<string>,
): Promise<FamilyGalleryCard[]> {
  if (groups.length === 0) return [];
  const rows = await db
    .select()
    .from(galleries)
    .where(forGroups(groups))
    .orderBy(desc(galleries.createdAt), desc(galleries.id))
    .limit(200);
  const label = await audienceLabels(db);
  return Promise.all(
    rows.map(async (g) => {
      const photos = g.images.filter((url) => !hidden.has(hiddenKey(g.id, url)));
      const first = photos[0];
      return {
        id: g.id,
        title: g.title,
        description: g.description,
        audienceLabel: label(g),
        photoCount: photos.length,
        cover: first ? await links.sign(variantUrl(first, 400), fileGallery(g)) : null,
        coverAlt: first ? altOf(g, first) : '',
        updatedAt: g.updatedAt.toISOString(),
      };
    }),
  );
}

const fileGallery = (g: GalleryRow) => ({
  galleryId: g.id,
  audience: g.audience,
  branch: g.audienceBranch,
  programme: g.audienceProgramme,
});

/** One gallery of the family's, its photos (hidden ones left out) as signed links; null if not theirs. */
export async function familyGallery(db: Db, links: PhotoLinks, groups: FamilyGroup[], id: number, hidden: Set<string>) {
  if (groups.length === 0 || !Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return null;
  const [g] = await db
    .select()
    .from(galleries)
    .where(and(eq(galleries.id, id), forGroups(groups)));
  if (!g) return null;
  const label = await audienceLabels(db);
  const scope = fileGallery(g);
  const photos: FamilyPhoto[] = await Promise.all(
    g.images
      .filter((url) => !hidden.has(hiddenKey(g.id, url)))
      .map(async (url) => {
        const [small, medium, large] = await Promise.all([400, 800, 1600].map((w) => links.sign(variantUrl(url, w), scope)));
        const words = g.photoTexts.find((t) => t.url === url);
        return {
          src: small!,
          srcSet: `${small} 400w, ${medium} 800w, ${large} 1600w`,
          full: large!,
          alt: words?.alt ?? '',
          caption: words?.caption ?? '',
        };
      }),
  );
  return { title: g.title, description: g.description, audienceLabel: label(g), photos };
}

/**
 * A parent's private calendar address (issue 32): a new secret each time (the old address stops),
 * kept as its SHA-256 like sessions; the secret itself is shown once.
 */
export async function newCalendarToken(db: Db, contactId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(familyContacts)
    .set({ calendarTokenHash: sessionIdOf(token) })
    .where(eq(familyContacts.id, contactId));
  return token;
}

export async function stopCalendarToken(db: Db, contactId: number): Promise<void> {
  await db.update(familyContacts).set({ calendarTokenHash: null }).where(eq(familyContacts.id, contactId));
}

export async function hasCalendarToken(db: Db, contactId: number): Promise<boolean> {
  const [row] = await db
    .select({ hash: familyContacts.calendarTokenHash })
    .from(familyContacts)
    .where(eq(familyContacts.id, contactId));
  return Boolean(row?.hash);
}

/** The family behind a calendar address, while the family keeps access (decision 27); else null. */
export async function familyForCalendar(db: Db, token: string): Promise<number | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ familyId: familyContacts.familyId })
    .from(familyContacts)
    .where(and(eq(familyContacts.calendarTokenHash, sessionIdOf(token)), await familyHasAccess(db)));
  return row?.familyId ?? null;
}

/** A parent contact's name and family, for the pages signed in as them. */
export async function contactOf(db: Db, contactId: number) {
  const [row] = await db
    .select({ id: familyContacts.id, name: familyContacts.name, familyId: familyContacts.familyId })
    .from(familyContacts)
    .where(eq(familyContacts.id, contactId));
  return row ?? null;
}

/** A family's name and its children's names and groups: what most family pages need (one query). */
export async function familyGroups(db: Db, familyId: number) {
  const rows = await db
    .select({
      name: families.name,
      childId: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      branch: children.branch,
      programme: children.programme,
    })
    .from(families)
    .leftJoin(children, eq(children.familyId, families.id))
    .where(eq(families.id, familyId))
    .orderBy(asc(children.birthDate), asc(children.id));
  if (rows.length === 0) return null;
  return {
    id: familyId,
    name: rows[0]!.name,
    children: rows.flatMap((r) =>
      r.childId === null
        ? []
        : [{ id: r.childId, firstName: r.firstName!, lastName: r.lastName!, branch: r.branch, programme: r.programme! }],
    ),
  };
}
