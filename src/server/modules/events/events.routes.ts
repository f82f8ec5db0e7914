import type { FastifyInstance } from 'fastify';
import { EventInputSchema, EventListQuerySchema } from '../../../shared/schemas/event.ts';
import { notFound } from '../../errors.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { releaseMedia } from '../media/media.service.ts';
import { idParam } from '../media/params.ts';
import { keptUntilWrite } from '../../db/lists.ts';
import { createEvent, deleteEvent, getEvent, listEventsPage, updateEvent } from './events.service.ts';

type IdParams = { Params: { id: string } };
const STAFF = { allAudiences: true } as const;

export default async function eventsRoutes(app: FastifyInstance) {
  const entity = 'event' as const;

  /** A page of events, sorted, filtered and searched in the database (DESIGN §10). */
  // The counters are read again only after a content write (the page cache's generation).
  const keep = keptUntilWrite(() => (app.hasDecorator('pageCache') ? app.pageCache.generation : undefined));
  // Events for families (issue 32) only for staff with events: read; the public's are for everyone.
  app.get('/api/events', async (request) =>
    listEventsPage(
      app.db,
      { ...EventListQuerySchema.parse(request.query), allAudiences: await request.can('events', 'read') },
      keep,
    ),
  );

  app.get<IdParams>('/api/events/:id', async (request) => {
    const event = await getEvent(app.db, request.params.id, { allAudiences: await request.can('events', 'read') });
    if (!event) throw notFound('The event');
    return { data: event };
  });

  app.post('/api/events', { preHandler: app.requirePermission('events', 'write') }, async (request, reply) => {
    const values = EventInputSchema.parse(request.body ?? {});
    const event = await createEvent(app.db, values, request.user);
    await audit(app.db, whoOf(request), { action: 'create', entity, entityId: event.id, title: event.title });
    return reply.code(201).send({ data: event });
  });

  app.put<IdParams>('/api/events/:id', { preHandler: app.requirePermission('events', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The event');
    const values = EventInputSchema.parse(request.body ?? {});
    const before = await getEvent(app.db, String(id), STAFF);
    const { event, previousCover } = await updateEvent(app.db, id, values);
    const changes = before ? changedFields(before, event) : [];
    await audit(app.db, whoOf(request), { action: 'update', entity, entityId: id, title: event.title, changes });
    if (previousCover !== event.cover_image) await releaseMedia(app.db, app.storage, [previousCover]);
    return { data: event };
  });

  app.delete<IdParams>('/api/events/:id', { preHandler: app.requirePermission('events', 'delete') }, async (request) => {
    const id = idParam(request.params.id, 'The event');
    const before = await getEvent(app.db, String(id), STAFF);
    const { cover } = await deleteEvent(app.db, id);
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: id, title: before?.title });
    await releaseMedia(app.db, app.storage, [cover]);
    return { success: true };
  });
}
