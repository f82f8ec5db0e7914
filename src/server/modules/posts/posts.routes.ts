import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PostInputSchema, PostListQuerySchema, slugify } from '../../../shared/schemas/post.ts';
import { notFound } from '../../errors.ts';
import { audit, changedFields, publishAction, whoOf } from '../audit/audit.service.ts';
import { releaseMedia, storeImage } from '../media/media.service.ts';
import { field, readMultipart, registerMultipart } from '../media/multipart.ts';
import { idParam } from '../media/params.ts';
import {
  createPost,
  deletePost,
  getPostById,
  getPostBySlug,
  listPostSummaries,
  slugExists,
  updatePost,
} from './posts.service.ts';
import { keptUntilWrite } from '../../db/lists.ts';
import { postVersionsRoutes } from './post-versions.routes.ts';

type IdParams = { Params: { id: string } };
type SlugParams = { Params: { slug: string } };

const COVER_FIELDS = ['coverImage', 'cover_image', 'image', 'cover'];
const AUDIENCE_FIELDS = ['audience', 'audienceBranch', 'audienceProgramme'];

/** The post fields and an optional cover file, from multipart (§7) or JSON. */
async function readPostBody(request: FastifyRequest) {
  if (!request.isMultipart()) return { raw: (request.body ?? {}) as Record<string, unknown>, cover: undefined };
  const body = await readMultipart(request);
  const raw: Record<string, unknown> = {};
  for (const name of ['title', 'slug', 'excerpt', 'content', 'status', 'cover_image', 'publishAt', ...AUDIENCE_FIELDS])
    raw[name] = field(body, name);
  raw.tags = body.fields.tags ?? body.fields['tags[]'];
  const cover = body.files.find((f) => COVER_FIELDS.includes(f.field) && f.bytes.length > 0);
  return { raw, cover };
}

export default async function postsRoutes(app: FastifyInstance) {
  const entity = 'post' as const;
  await registerMultipart(app);

  /** A page of post summaries (DESIGN §10); drafts only for staff with `blog: read` (DESIGN §6). */
  // The counters are read again only after a content write (the page cache's generation).
  const keep = keptUntilWrite(() => (app.hasDecorator('pageCache') ? app.pageCache.generation : undefined));
  app.get('/api/posts', async (request) =>
    listPostSummaries(
      app.db,
      { ...PostListQuerySchema.parse(request.query), includeDrafts: await request.can('blog', 'read') },
      keep,
    ),
  );

  // Only the post editor asks: callers who may not see drafts must not learn that a draft's slug exists.
  app.get<SlugParams>('/api/posts/check-slug/:slug', { preHandler: app.requirePermission('blog', 'read') }, async (request) => {
    const slug = slugify(request.params.slug);
    // An id no post can have (not a positive int4) excludes nothing.
    const excluded = Number((request.query as { exclude?: string }).exclude);
    const exceptId = Number.isInteger(excluded) && excluded > 0 && excluded < 2 ** 31 ? excluded : undefined;
    const exists = slug ? await slugExists(app.db, slug, exceptId) : false;
    return { available: !!slug && !exists, exists, slug };
  });

  app.get<SlugParams>('/api/posts/slug/:slug', async (request) => {
    const post = await getPostBySlug(app.db, request.params.slug, { includeDrafts: await request.can('blog', 'read') });
    if (!post) throw notFound('The post');
    return { success: true, data: post };
  });

  app.get<IdParams>('/api/posts/:id', async (request) => {
    const post = await getPostById(app.db, idParam(request.params.id, 'The post'), {
      includeDrafts: await request.can('blog', 'read'),
    });
    if (!post) throw notFound('The post');
    return { success: true, data: post };
  });

  /** Validates the fields, then stores the cover (if any), then saves; a failed save releases the cover. */
  async function save(request: FastifyRequest, id: number | null) {
    const { raw, cover } = await readPostBody(request);
    const values = PostInputSchema.parse(raw);
    let coverUrl: string | null | undefined = values.cover_image === undefined ? undefined : values.cover_image || null;
    if (cover) coverUrl = (await storeImage(app.db, app.storage, cover.bytes, request.user, cover.filename || undefined)).url;
    try {
      if (id === null) return { post: await createPost(app.db, values, coverUrl, request.user!), previousCover: null };
      return await updatePost(app.db, id, values, coverUrl);
    } catch (error) {
      if (cover && coverUrl) await releaseMedia(app.db, app.storage, [coverUrl]);
      throw error;
    }
  }

  app.post('/api/posts', { preHandler: app.requirePermission('blog', 'write') }, async (request, reply) => {
    const { post } = await save(request, null);
    const details = { status: post.status, audience: post.audience, ...(post.publishAt ? { publishAt: post.publishAt } : {}) };
    await audit(app.db, whoOf(request), { action: 'create', entity, entityId: post.id, title: post.title, details });
    return reply.code(201).send({ success: true, data: post });
  });

  app.put<IdParams>('/api/posts/:id', { preHandler: app.requirePermission('blog', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The post');
    const before = await getPostById(app.db, id, { includeDrafts: true });
    const { post, previousCover } = await save(request, id);
    const action = publishAction(before?.status === 'published', post.status === 'published');
    const changes = before ? changedFields(before, post) : [];
    await audit(app.db, whoOf(request), { action, entity, entityId: id, title: post.title, changes });
    if (previousCover !== post.cover_image) await releaseMedia(app.db, app.storage, [previousCover]);
    return { success: true, data: post };
  });

  app.delete<IdParams>('/api/posts/:id', { preHandler: app.requirePermission('blog', 'delete') }, async (request) => {
    const id = idParam(request.params.id, 'The post');
    const before = await getPostById(app.db, id, { includeDrafts: true });
    const { cover, keptUploads } = await deletePost(app.db, id);
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: id, title: before?.title });
    await releaseMedia(app.db, app.storage, [cover, ...keptUploads]);
    return { success: true };
  });

  await postVersionsRoutes(app);
}
