import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SchoolProfileSchema } from '../../../shared/schemas/school.ts';
import { SECTION_KEYS } from '../../../shared/schemas/site-content-defaults.ts';
import { notFound } from '../../errors.ts';
import { eventsQueryOf } from '../../../shared/public-lists.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { createServerPublicData } from './public-data.ts';
import { getSchoolProfile, saveSchoolProfile } from './site.service.ts';

const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const PostsQuerySchema = PageQuerySchema.extend({ tag: z.string().trim().max(100).optional() });
/** /events' parameters, read as the page reads them (shared/public-lists.ts): never refused, like the page's. */
const eventsQuery = (query: unknown) =>
  eventsQueryOf(new URLSearchParams(Object.entries((query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)])));
const KeySchema = z.object({ key: z.string().min(1).max(200) });
const SectionParamSchema = z.object({ key: z.enum(SECTION_KEYS) });

export default async function siteRoutes(app: FastifyInstance) {
  app.get('/api/school', async () => ({ data: await getSchoolProfile(app.db) }));

  // Settings > School profile (DESIGN §6: the settings module).
  app.put('/api/school', { preHandler: app.requirePermission('settings', 'write') }, async (request) => {
    const current = await getSchoolProfile(app.db);
    const body = SchoolProfileSchema.parse({ ...current, ...(request.body as object) });
    const saved = await saveSchoolProfile(app.db, body);
    const changes = changedFields(current, saved);
    await audit(app.db, whoOf(request), { action: 'update', entity: 'school', title: saved.name, changes });
    await app.siteAddress.reload();
    return { data: saved };
  });

  // The public pages' data for browser navigations: the same functions the server renderer uses.
  const site = createServerPublicData(app);
  app.get('/api/site/events', async (request) => ({ data: await site.events(PageQuerySchema.parse(request.query)) }));
  app.get('/api/site/event-list', async (request) => {
    const list = await site.eventList(eventsQuery(request.query));
    if (!list) throw notFound('The branch or category');
    return { data: list };
  });
  app.get('/api/site/events/:key', async (request) => {
    const event = await site.event(KeySchema.parse(request.params).key);
    if (!event) throw notFound('The event');
    return { data: event };
  });
  app.get('/api/site/galleries/:key', async (request) => {
    const gallery = await site.gallery(KeySchema.parse(request.params).key);
    if (!gallery) throw notFound('The gallery');
    return { data: gallery };
  });
  // A section's published words (never a draft), or today's text.
  app.get('/api/site/content/:key', async (request) => {
    const key = SectionParamSchema.safeParse(request.params);
    if (!key.success) throw notFound('The section');
    return { data: await site.content(key.data.key) };
  });
  app.get('/api/site/posts', async (request) => ({ data: await site.posts(PostsQuerySchema.parse(request.query)) }));
  app.get('/api/site/posts/:key', async (request) => {
    const post = await site.post(KeySchema.parse(request.params).key);
    if (!post) throw notFound('The post');
    return { data: post };
  });
}
