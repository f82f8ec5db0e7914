import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FamilyGalleryCard, FamilyPhoto } from '../../../client/features/family-area/family-pages.tsx';
import type { Family } from '../../../shared/schemas/family.ts';
import { variantUrl } from '../../../shared/schemas/media.ts';
import type { Db } from '../../db/client.ts';
import { galleries } from '../../db/schema/index.ts';
import { currentProgrammes } from '../admissions/programmes.ts';
import { hiddenPhotoUrls, type PhotoLinks } from '../galleries/private-media.ts';

/** A child's group: the galleries, posts and events for families are shown by it. */
export interface FamilyGroup {
  branch: string | null;
  programme: string;
}

export const groupsOf = (family: Pick<Family, 'children'>): FamilyGroup[] =>
  family.children.map((c) => ({ branch: c.branch, programme: c.programme }));

/**
 * Galleries a family may see: published, for all families, for a branch of one of its children,
 * or for the programme of one of its children at that child's branch. Never 'everyone' (those are
 * on the public site) nor 'staff'.
 */
export function forGroups(groups: FamilyGroup[]): SQL {
  const branches = [...new Set(groups.map((g) => g.branch).filter((b): b is string => b !== null))];
  const programmes = groups.map((g) =>
    and(
      eq(galleries.audience, 'programme'),
      eq(galleries.audienceProgramme, g.programme),
      g.branch === null ? isNull(galleries.audienceBranch) : eq(galleries.audienceBranch, g.branch),
    ),
  );
  return and(
    eq(galleries.published, true),
    or(
      eq(galleries.audience, 'families'),
      branches.length ? and(eq(galleries.audience, 'branch'), inArray(galleries.audienceBranch, branches)) : undefined,
      ...programmes,
    ),
  )!;
}

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
export async function familyGalleries(db: Db, links: PhotoLinks, groups: FamilyGroup[]): Promise<FamilyGalleryCard[]> {
  if (groups.length === 0) return [];
  const rows = await db
    .select()
    .from(galleries)
    .where(forGroups(groups))
    .orderBy(desc(galleries.createdAt), desc(galleries.id))
    .limit(200);
  const [hidden, label] = await Promise.all([
    hiddenPhotoUrls(
      db,
      rows.map((r) => r.id),
    ),
    audienceLabels(db),
  ]);
  return Promise.all(
    rows.map(async (g) => {
      const photos = g.images.filter((url) => !hidden.get(g.id)?.has(url));
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
export async function familyGallery(db: Db, links: PhotoLinks, groups: FamilyGroup[], id: number) {
  if (groups.length === 0 || !Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return null;
  const [g] = await db
    .select()
    .from(galleries)
    .where(and(eq(galleries.id, id), forGroups(groups)));
  if (!g) return null;
  const [hidden, label] = await Promise.all([hiddenPhotoUrls(db, [g.id]), audienceLabels(db)]);
  const gone = hidden.get(g.id);
  const scope = fileGallery(g);
  const photos: FamilyPhoto[] = await Promise.all(
    g.images
      .filter((url) => !gone?.has(url))
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
