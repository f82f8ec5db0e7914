import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AuditFilterSchema, AuditQuerySchema } from '../../../shared/schemas/audit.ts';
import { csvCell } from '../../csv-cell.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { auditRows, listAudit } from './audit.service.ts';

/** The export's ceiling: ten years of a school's audit log fits many times over. */
const MAX_EXPORT_ROWS = 200_000;

const cell = csvCell;

/** The audit log (DESIGN §6: the users module, read): one page at a time, or all of it as CSV. */
export default async function auditRoutes(app: FastifyInstance) {
  const read = { preHandler: app.requirePermission('users', 'read') };
  const timeZone = async () => (await getSchoolProfile(app.db)).timezone;

  app.get('/api/audit', read, async (request) => listAudit(app.db, AuditQuerySchema.parse(request.query), await timeZone()));

  app.get('/api/audit/export', read, async (request, reply) => {
    const filter = AuditFilterSchema.parse(request.query);
    const zone = await timeZone();
    // Excel reads UTF-8 only with the byte-order mark; the header row names the columns.
    const csv = stringify({
      bom: true,
      header: true,
      columns: [
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
      ],
    });
    void (async () => {
      for await (const entry of auditRows(app.db, filter, zone, MAX_EXPORT_ROWS)) {
        const row = [
          entry.createdAt,
          cell(entry.username),
          entry.userId ?? '',
          cell(entry.ip),
          AUDIT_ACTIONS[entry.action] ?? entry.action,
          entry.entity ? (AUDIT_ENTITIES[entry.entity] ?? entry.entity) : '',
          cell(entry.entityId),
          cell(entry.title),
          entry.changes.join(', '),
          entry.details ? cell(JSON.stringify(entry.details)) : '',
        ];
        if (!csv.write(row)) await once(csv, 'drain');
      }
      csv.end();
    })().catch((err: unknown) => {
      request.log.error({ err }, 'audit export failed');
      csv.destroy(err as Error);
    });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
