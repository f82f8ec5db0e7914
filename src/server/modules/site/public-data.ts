import type { FastifyInstance } from 'fastify';
import type { PublicData } from '../../../client/lib/public-data.ts';
import { getEvent, listEvents } from '../events/events.service.ts';
import { videoEmbedUrl } from '../../../shared/schemas/gallery.ts';
import { getGallery } from '../galleries/galleries.service.ts';
import { getPostBySlug } from '../posts/posts.service.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import { getSchoolProfile, listPostCards } from './site.service.ts';

/** Public pages never see drafts. */
const PUBLISHED = { includeDrafts: false } as const;

const page = <T>(rows: T[], limit: number) => ({ items: rows.slice(0, limit), hasMore: rows.length > limit });

/**
 * What the public pages read, from the services directly: the server renderer calls it with no
 * HTTP round trip, and /api/site/* answers browser navigations with the same functions.
 */
export function createServerPublicData(
  app: FastifyInstance,
  options: { cacheSchool?: boolean } = {},
): PublicData & { forget(): void } {
  // Read app.db at each call: the installer may swap the database (PostgreSQL) while the app runs.
  // The renderer keeps the school profile between writes (it calls forget() on each write).
  let school: Promise<SchoolProfile> | null = null;
  return {
    server: true,
    forget: () => {
      school = null;
    },
    school: () => {
      if (!options.cacheSchool) return getSchoolProfile(app.db);
      school ??= getSchoolProfile(app.db).catch((error: unknown) => {
        school = null;
        throw error;
      });
      return school;
    },
    events: async ({ limit, offset }) => page(await listEvents(app.db, { limit: limit + 1, offset }), limit),
    event: (idOrSlug) => getEvent(app.db, idOrSlug),
    gallery: async (id) => {
      const numeric = Number(id);
      if (!Number.isSafeInteger(numeric) || numeric < 1 || numeric > 2 ** 31 - 1) return null;
      const gallery = await getGallery(app.db, numeric, PUBLISHED);
      return gallery && gallery.published ? { ...gallery, embedUrl: videoEmbedUrl(gallery.videoUrl) } : null;
    },
    posts: async ({ limit, offset }) => page(await listPostCards(app.db, { limit: limit + 1, offset }), limit),
    post: (slug) => getPostBySlug(app.db, slug, PUBLISHED),
  };
}
