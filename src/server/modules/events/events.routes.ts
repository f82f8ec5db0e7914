import type { FastifyInstance } from 'fastify';
import { EventInputSchema, EventListQuerySchema } from '../../../shared/schemas/event.ts';
import { notFound } from '../../errors.ts';
import { releaseMedia } from '../media/media.service.ts';
import { idParam } from '../media/params.ts';
import { createEvent, deleteEvent, getEvent, listEventsPage, updateEvent } from './events.service.ts';

type IdParams = { Params: { id: string } };

export default async function eventsRoutes(app: FastifyInstance) {
  /** A page of events, sorted, filtered and searched in the database (DESIGN §10). */
  app.get('/api/events', async (request) => listEventsPage(app.db, EventListQuerySchema.parse(request.query)));

  app.get<IdParams>('/api/events/:id', async (request) => {
    const event = await getEvent(app.db, request.params.id);
    if (!event) throw notFound('The event');
    return { data: event };
  });

  app.post('/api/events', { preHandler: app.requirePermission('events', 'write') }, async (request, reply) => {
    const values = EventInputSchema.parse(request.body ?? {});
    const event = await createEvent(app.db, values, request.user);
    return reply.code(201).send({ data: event });
  });

  app.put<IdParams>('/api/events/:id', { preHandler: app.requirePermission('events', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The event');
    const values = EventInputSchema.parse(request.body ?? {});
    const { event, previousCover } = await updateEvent(app.db, id, values);
    if (previousCover !== event.cover_image) await releaseMedia(app.db, app.dataDir, [previousCover]);
    return { data: event };
  });

  app.delete<IdParams>('/api/events/:id', { preHandler: app.requirePermission('events', 'delete') }, async (request) => {
    const { cover } = await deleteEvent(app.db, idParam(request.params.id, 'The event'));
    await releaseMedia(app.db, app.dataDir, [cover]);
    return { success: true };
  });
}
