import type { FastifyInstance } from 'fastify';
import { SchoolDateInputSchema } from '../../../shared/schemas/school-year.ts';
import { badRequest, notFound } from '../../errors.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { cancelledByClosure, syncAllSeries } from '../events/series.service.ts';
import { idParam } from '../media/params.ts';
import { createSchoolDate, deleteSchoolDate, getSchoolDate, listSchoolDates, updateSchoolDate } from './school-year.service.ts';

type IdParams = { Params: { id: string } };
const entity = 'school_date' as const;

/**
 * The school year (issue 34): terms, half-terms and closure days, under the `events` permission.
 * Each write brings the repeating events' occurrences in line with it (term time, closures) in the
 * same transaction; the public pages are told by the site-changes hook (every successful /api write).
 */
export default async function schoolYearRoutes(app: FastifyInstance) {
  async function found(id: string) {
    const date = await getSchoolDate(app.db, idParam(id, 'The school year date'));
    if (!date) throw notFound('The school year date');
    return date;
  }

  /** A write and the repeating events brought in line with it, together or not at all. */
  const withSeries = <T>(write: (tx: typeof app.db) => Promise<T>) =>
    app.db.transaction(async (tx) => {
      const result = await write(tx);
      await syncAllSeries(tx);
      return result;
    });

  app.get('/api/school-year', { preHandler: app.requirePermission('events', 'read') }, async () => ({
    data: await listSchoolDates(app.db),
  }));

  app.post('/api/school-year', { preHandler: app.requirePermission('events', 'write') }, async (request, reply) => {
    const values = SchoolDateInputSchema.parse(request.body ?? {});
    const date = await withSeries((tx) => createSchoolDate(tx, values));
    await audit(app.db, whoOf(request), {
      action: 'create',
      entity,
      entityId: date.id,
      title: date.name,
      details: { kind: date.kind },
    });
    return reply.code(201).send({ data: date });
  });

  app.put<IdParams>('/api/school-year/:id', { preHandler: app.requirePermission('events', 'write') }, async (request) => {
    const before = await found(request.params.id);
    const values = SchoolDateInputSchema.parse(request.body ?? {});
    const date = await withSeries((tx) => updateSchoolDate(tx, before, values));
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity,
      entityId: date.id,
      title: date.name,
      changes: changedFields(before, date),
    });
    return { data: date };
  });

  app.delete<IdParams>('/api/school-year/:id', { preHandler: app.requirePermission('events', 'delete') }, async (request) => {
    const date = await found(request.params.id);
    await withSeries((tx) => deleteSchoolDate(tx, date));
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: date.id, title: date.name });
    return { success: true };
  });

  // The occurrences of repeating events a closure cancels (the school-year screen lists them).
  app.get<IdParams>(
    '/api/school-year/:id/cancelled',
    { preHandler: app.requirePermission('events', 'read') },
    async (request) => {
      const date = await found(request.params.id);
      if (date.kind !== 'closure') throw badRequest('Only a closure day cancels events.');
      return { data: await cancelledByClosure(app.db, date.id) };
    },
  );
}
