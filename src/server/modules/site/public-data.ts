import type { FastifyInstance } from 'fastify';
import type { PublicData } from '../../../client/lib/public-data.ts';
import { countEvents, getEvent, listEvents } from '../events/events.service.ts';
import { videoEmbedUrl } from '../../../shared/schemas/gallery.ts';
import { getGallery } from '../galleries/galleries.service.ts';
import { countPosts, getPostBySlug, listPosts } from '../posts/posts.service.ts';
import { getSchoolProfile } from './site.service.ts';

/** Public pages never see drafts. */
const PUBLISHED = { includeDrafts: false } as const;

/**
 * What the public pages read, from the services directly: the server renderer calls it with no
 * HTTP round trip, and /api/site/* answers browser navigations with the same functions.
 */
export function createServerPublicData(app: FastifyInstance): PublicData {
  // Read app.db at each call: the installer may swap the database (PostgreSQL) while the app runs.
  return {
    server: true,
    school: () => getSchoolProfile(app.db),
    events: async ({ limit, offset }) => {
      const [items, total] = await Promise.all([listEvents(app.db, { limit, offset }), countEvents(app.db)]);
      return { items, total };
    },
    event: (idOrSlug) => getEvent(app.db, idOrSlug),
    gallery: async (id) => {
      const numeric = Number(id);
      if (!Number.isSafeInteger(numeric) || numeric < 1 || numeric > 2 ** 31 - 1) return null;
      const gallery = await getGallery(app.db, numeric, PUBLISHED);
      return gallery && gallery.published ? { ...gallery, embedUrl: videoEmbedUrl(gallery.videoUrl) } : null;
    },
    posts: async ({ limit, offset }) => {
      const [items, total] = await Promise.all([listPosts(app.db, { ...PUBLISHED, limit, offset }), countPosts(app.db, PUBLISHED)]);
      return { items, total };
    },
    post: (slug) => getPostBySlug(app.db, slug, PUBLISHED),
  };
}
