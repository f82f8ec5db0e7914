import type { FastifyInstance } from 'fastify';
import { EventInputSchema, EventListQuerySchema } from '../../../shared/schemas/event.ts';
import { notFound } from '../../errors.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { releaseMedia } from '../media/media.service.ts';
import { idParam } from '../media/params.ts';
import { keptUntilWrite } from '../../db/lists.ts';
import { EventScopeSchema } from '../../../shared/schemas/event-series.ts';
import { createEvent, getEvent, listEventsPage } from './events.service.ts';
import { createSeriesEvent, deleteAnyEvent, updateAnyEvent } from './series-edits.service.ts';

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
    // Issue 34: with a repeat, a series and its occurrences (the first returned).
    const event =
      values.repeat || values.rrule
        ? await createSeriesEvent(app.db, values, request.user)
        : await createEvent(app.db, values, request.user);
    const details = event.series ? { repeats: event.series.words, occurrences: event.series.occurrences } : undefined;
    await audit(app.db, whoOf(request), { action: 'create', entity, entityId: event.id, title: event.title, details });
    return reply.code(201).send({ data: event });
  });

  app.put<IdParams>('/api/events/:id', { preHandler: app.requirePermission('events', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The event');
    const values = EventInputSchema.parse(request.body ?? {});
    const before = await getEvent(app.db, String(id), STAFF);
    const { event, previousCover } = await updateAnyEvent(app.db, id, values);
    const changes = before ? changedFields(before, event) : [];
    // An occurrence of a repeating event: which ones the edit changed (this, following, all).
    const details = before?.seriesId ? { scope: values.scope ?? 'this' } : undefined;
    await audit(app.db, whoOf(request), { action: 'update', entity, entityId: id, title: event.title, changes, details });
    if (previousCover !== event.cover_image) await releaseMedia(app.db, app.storage, [previousCover]);
    return { data: event };
  });

  app.delete<IdParams>('/api/events/:id', { preHandler: app.requirePermission('events', 'delete') }, async (request) => {
    const id = idParam(request.params.id, 'The event');
    const scope = EventScopeSchema.optional().parse((request.query as { scope?: string }).scope || undefined);
    const before = await getEvent(app.db, String(id), STAFF);
    const { covers } = await deleteAnyEvent(app.db, id, scope);
    const details = before?.seriesId ? { scope: scope ?? 'this' } : undefined;
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: id, title: before?.title, details });
    await releaseMedia(app.db, app.storage, covers);
    return { success: true };
  });
}
