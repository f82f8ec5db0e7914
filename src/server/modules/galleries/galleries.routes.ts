import type { FastifyInstance } from 'fastify';
import { GalleryInputSchema, GalleryListQuerySchema, PhotoTagsInputSchema } from '../../../shared/schemas/gallery.ts';
import { notFound } from '../../errors.ts';
import { audit, changedFields, publishAction, whoOf } from '../audit/audit.service.ts';
import { releaseMedia } from '../media/media.service.ts';
import { idParam } from '../media/params.ts';
import {
  createGallery,
  deleteGallery,
  getGallery,
  listGallerySummaries,
  setPhotoTags,
  updateGallery,
} from './galleries.service.ts';
import { galleryTags } from './gallery-audience.ts';
import { hiddenPhotos } from './private-media.ts';

type IdParams = { Params: { id: string } };

export default async function galleriesRoutes(app: FastifyInstance) {
  const entity = 'gallery' as const;

  /** A page of gallery summaries (DESIGN §10); drafts only for staff with `gallery: read` (DESIGN §6). */
  app.get('/api/admin/galleries', async (request) =>
    listGallerySummaries(app.db, {
      ...GalleryListQuerySchema.parse(request.query),
      includeDrafts: await request.can('gallery', 'read'),
    }),
  );

  /**
   * The photos hidden from their gallery's audience because a tagged child's consent no longer
   * allows it (issue 32): what staff untag, remove or narrow. Names children: `families: read`.
   */
  app.get('/api/admin/galleries/hidden-photos', { preHandler: app.requirePermission('families', 'read') }, async () => ({
    data: await hiddenPhotos(app.db),
  }));

  /**
   * One gallery; staff with `gallery: read` also see its drafts and non-public audiences, and
   * with `families: read` the children tagged (family data: issue 32).
   */
  app.get<IdParams>('/api/admin/galleries/:id', async (request) => {
    const staff = await request.can('gallery', 'read');
    const gallery = await getGallery(app.db, idParam(request.params.id, 'The gallery'), { includeDrafts: staff });
    if (!gallery) throw notFound('The gallery');
    if (!staff || !(await request.can('families', 'read'))) return { data: gallery };
    return { data: { ...gallery, tags: await galleryTags(app.db, gallery.id) } };
  });

  /** The children tagged in one photo (issue 32): in the gallery's group, with consent when it is published. */
  app.put<IdParams>(
    '/api/admin/galleries/:id/tags',
    { preHandler: app.requirePermission('gallery', 'write') },
    async (request) => {
      const id = idParam(request.params.id, 'The gallery');
      const input = PhotoTagsInputSchema.parse(request.body ?? {});
      const { gallery, added, removed } = await setPhotoTags(app.db, id, input);
      if (added || removed) {
        const details = { added, removed };
        await audit(app.db, whoOf(request), {
          action: 'update',
          entity,
          entityId: id,
          title: gallery.title,
          changes: ['tags'],
          details,
        });
      }
      return { data: { ...gallery, tags: await galleryTags(app.db, id) } };
    },
  );

  app.post('/api/admin/galleries', { preHandler: app.requirePermission('gallery', 'write') }, async (request, reply) => {
    const gallery = await createGallery(app.db, GalleryInputSchema.parse(request.body ?? {}), request.user);
    const details = { published: gallery.published };
    await audit(app.db, whoOf(request), { action: 'create', entity, entityId: gallery.id, title: gallery.title, details });
    return reply.code(201).send({ data: gallery });
  });

  app.put<IdParams>('/api/admin/galleries/:id', { preHandler: app.requirePermission('gallery', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The gallery');
    const before = await getGallery(app.db, id, { includeDrafts: true });
    const { gallery, previousImages } = await updateGallery(app.db, id, GalleryInputSchema.parse(request.body ?? {}));
    const action = publishAction(Boolean(before?.published), gallery.published);
    const changes = before ? changedFields(before, gallery) : [];
    await audit(app.db, whoOf(request), { action, entity, entityId: id, title: gallery.title, changes });
    const kept = new Set([...gallery.images, gallery.thumbnail]);
    await releaseMedia(
      app.db,
      app.storage,
      previousImages.filter((u) => !kept.has(u)),
    );
    return { data: gallery };
  });

  app.delete<IdParams>(
    '/api/admin/galleries/:id',
    { preHandler: app.requirePermission('gallery', 'delete') },
    async (request) => {
      const id = idParam(request.params.id, 'The gallery');
      const before = await getGallery(app.db, id, { includeDrafts: true });
      const urls = await deleteGallery(app.db, id);
      await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: id, title: before?.title });
      await releaseMedia(app.db, app.storage, urls);
      return { success: true };
    },
  );
}
