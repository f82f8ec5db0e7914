import type { FastifyInstance } from 'fastify';
import { SchoolDateInputSchema } from '../../../shared/schemas/school-year.ts';
import { badRequest, notFound } from '../../errors.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { createSchoolDate, deleteSchoolDate, getSchoolDate, listSchoolDates, updateSchoolDate } from './school-year.service.ts';

type IdParams = { Params: { id: string } };
const entity = 'school_date' as const;

/**
 * The school year (issue 34): terms, half-terms and closure days, under the `events` permission.
 * Each write brings the repeating events' occurrences in line with it (term time, closures); the
 * public pages are told by the site-changes hook (every successful /api write).
 */
export default async function schoolYearRoutes(app: FastifyInstance) {
  async function found(id: string) {
    const date = await getSchoolDate(app.db, idParam(id, 'The school year date'));
    if (!date) throw notFound('The school year date');
    return date;
  }

  // TODO(issue 34): call syncAllSeries(app.db) from ../events/series.service.ts once it is committed.
  const resyncSeries = async () => {};

  app.get('/api/school-year', { preHandler: app.requirePermission('events', 'read') }, async () => ({
    data: await listSchoolDates(app.db),
  }));

  app.post('/api/school-year', { preHandler: app.requirePermission('events', 'write') }, async (request, reply) => {
    const values = SchoolDateInputSchema.parse(request.body ?? {});
    const date = await createSchoolDate(app.db, values);
    await audit(app.db, whoOf(request), {
      action: 'create',
      entity,
      entityId: date.id,
      title: date.name,
      details: { kind: date.kind },
    });
    await resyncSeries();
    return reply.code(201).send({ data: date });
  });

  app.put<IdParams>('/api/school-year/:id', { preHandler: app.requirePermission('events', 'write') }, async (request) => {
    const before = await found(request.params.id);
    const values = SchoolDateInputSchema.parse(request.body ?? {});
    const date = await updateSchoolDate(app.db, before, values);
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity,
      entityId: date.id,
      title: date.name,
      changes: changedFields(before, date),
    });
    await resyncSeries();
    return { data: date };
  });

  app.delete<IdParams>('/api/school-year/:id', { preHandler: app.requirePermission('events', 'delete') }, async (request) => {
    const date = await found(request.params.id);
    await deleteSchoolDate(app.db, date);
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: date.id, title: date.name });
    await resyncSeries();
    return { success: true };
  });

  // The occurrences of repeating events a closure cancels (the school-year screen lists them).
  app.get<IdParams>(
    '/api/school-year/:id/cancelled',
    { preHandler: app.requirePermission('events', 'read') },
    async (request) => {
      const date = await found(request.params.id);
      if (date.kind !== 'closure') throw badRequest('Only a closure day cancels events.');
      // TODO(issue 34): cancelledByClosure(app.db, date.id) from ../events/series.service.ts.
      return { data: [] };
    },
  );
}
