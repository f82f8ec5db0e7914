import { once } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AuditFilterSchema,
  AuditQuerySchema,
  type AuditEntry,
} from '../../../shared/schemas/audit.ts';
import { csvStream, sendCsv } from '../../csv.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { auditRows, listAudit, type AuditReader } from './audit.service.ts';

/** The export's ceiling: ten years of a school's audit log fits many times over. */
const MAX_EXPORT_ROWS = 200_000;

/** The audit log (DESIGN §6: the users module, read): one page at a time, or all of it as CSV. */
export default async function auditRoutes(app: FastifyInstance) {
  const read = { preHandler: app.requirePermission('users', 'read') };
  const timeZone = async () => (await getSchoolProfile(app.db)).timezone;
  // Families' and children's names only for staff who may read them (issue 32).
  const readerOf = async (request: FastifyRequest): Promise<AuditReader> => ({
    familyNames: Boolean((await request.permissions())?.families.read),
  });

  app.get('/api/audit', read, async (request) =>
    listAudit(app.db, AuditQuerySchema.parse(request.query), await timeZone(), await readerOf(request)),
  );

  app.get('/api/audit/export', read, async (request, reply) => {
    const filter = AuditFilterSchema.parse(request.query);
    const rows = auditRows(app.db, filter, await timeZone(), MAX_EXPORT_ROWS, await readerOf(request));
    // The first batch is read before the answer starts, so a refused query is still an error answer.
    const first = await rows.next();
    const csv = csvStream([
      'When (UTC)',
      'User',
      'User id',
      'IP address',
      'Action',
      'Entity',
      'Entity id',
      'Title',
      'Changed fields',
      'Details',
      'What happened',
    ]);
    const toRow = (entry: AuditEntry) => [
      entry.createdAt,
      entry.username,
      entry.userId,
      entry.ip,
      AUDIT_ACTIONS[entry.action] ?? entry.action,
      entry.entity ? (AUDIT_ENTITIES[entry.entity] ?? entry.entity) : '',
      entry.entityId,
      entry.title,
      entry.changes.join(', '),
      entry.details ? JSON.stringify(entry.details) : '',
      entry.summary,
    ];
    void (async () => {
      if (!first.done) csv.write(toRow(first.value));
      for await (const entry of rows) {
        if (!csv.write(toRow(entry))) await once(csv, 'drain');
      }
      csv.end();
    })().catch((err: unknown) => {
      request.log.error({ err }, 'audit export failed');
      csv.destroy(err as Error);
    });
    return sendCsv(reply, 'audit-log', csv);
  });
}
