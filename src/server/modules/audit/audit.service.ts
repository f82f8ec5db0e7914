import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntity, AuditEntry, AuditFilter, AuditPage, AuditQuery } from '../../../shared/schemas/audit.ts';
import type { Db } from '../../db/client.ts';
import { auditSentence, type AuditNames } from '../../../shared/audit-sentence.ts';
import { auditLog, children, enquiries, families, roles, users } from '../../db/schema/index.ts';

/** Who acted and from where: the signed-in user, or nobody (a failed sign-in names the account in `title`). */
export interface AuditWho {
  userId: number | null;
  username: string | null;
  ip: string | null;
}

export const whoOf = (request: FastifyRequest): AuditWho => ({
  userId: request.user?.id ?? null,
  username: request.user?.username ?? null,
  ip: request.ip ?? null,
});

export interface AuditRecord {
  action: AuditAction;
  entity?: AuditEntity;
  entityId?: number | string | null;
  title?: string | null;
  /** Names of changed fields, never values. */
  changes?: string[];
  /** Short facts that are not secrets or personal data (a method, a status, a role's name). */
  details?: Record<string, string | number | boolean>;
}

/**
 * Appends one entry to the audit log. The one way the application writes it: called from the
 * services and routes, one line per call site.
 */
export async function audit(db: Db, who: AuditWho, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    // Milliseconds, as JavaScript keeps them: the list's cursor then names a row exactly.
    createdAt: new Date(),
    userId: who.userId,
    username: who.username?.slice(0, 100) ?? null,
    ip: who.ip?.slice(0, 100) ?? null,
    action: record.action,
    entity: record.entity ?? null,
    entityId: record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
    title: record.title?.slice(0, 200) ?? null,
    changes: record.changes ?? [],
    details: record.details ?? null,
  });
}

/** An update's action: publish or unpublish when that is what changed, else update. */
export const publishAction = (wasPublished: boolean, isPublished: boolean): AuditAction =>
  wasPublished === isPublished ? 'update' : isPublished ? 'publish' : 'unpublish';

const NOT_COMPARED = new Set(['updated_at', 'updatedAt', 'created_at', 'createdAt', 'userCount', 'event_count']);

/** The names of the top-level fields whose values differ between two views of an entity. */
export function changedFields(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !NOT_COMPARED.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

/** The filters as SQL; dates are whole days in the school's timezone, computed once (the index stays usable). */
function whereOf(filter: AuditFilter, timeZone: string): SQL | undefined {
  return and(
    filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.from ? sql`${auditLog.createdAt} >= (${filter.from}::date::timestamp at time zone ${timeZone})` : undefined,
    filter.to ? sql`${auditLog.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
  );
}

const cursorOf = (row: { createdAt: Date; id: number }) => `${row.createdAt.getTime()}-${row.id}`;

function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [ms, id] = cursor.split('-').map(Number) as [number, number];
  const at = new Date(ms);
  if (Number.isNaN(at.getTime())) return undefined;
  return or(lt(auditLog.createdAt, at), and(eq(auditLog.createdAt, at), lt(auditLog.id, id)));
}

type Row = typeof auditLog.$inferSelect;
const toEntry = (row: Row): Omit<AuditEntry, 'summary'> => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  userId: row.userId,
  username: row.username,
  ip: row.ip,
  action: row.action as AuditAction,
  entity: row.entity as AuditEntity | null,
  entityId: row.entityId,
  title: row.title,
  changes: row.changes,
  details: row.details ?? null,
});

const numericIds = (rows: Row[], entity: AuditEntity) => [
  ...new Set(rows.filter((r) => r.entity === entity && /^\d{1,9}$/.test(r.entityId ?? '')).map((r) => Number(r.entityId))),
];

/**
 * Who reads the entries: the names of families and children (issue 32) are said only to staff with
 * `families: read`; others read "family #12" as if the names were unknown.
 */
export interface AuditReader {
  familyNames?: boolean;
}

/**
 * The entries of a page, each with its sentence: the names it speaks of (an enquiry's child or
 * sender, a member of staff, a role) read now, three small queries by key whatever the page's size.
 * The log itself keeps no family's name: once retention deletes an enquiry, its entries say so.
 */
export async function withSummaries(db: Db, rows: Row[], reader: AuditReader = {}): Promise<AuditEntry[]> {
  const enquiryIds = numericIds(rows, 'enquiry');
  const userIds = numericIds(rows, 'user');
  const roleNames = [
    ...new Set(rows.flatMap((r) => (r.action === 'role-change' && typeof r.details?.role === 'string' ? [r.details.role] : []))),
  ];
  const familyIds = reader.familyNames ? numericIds(rows, 'family') : [];
  const childIds = reader.familyNames ? numericIds(rows, 'child') : [];
  const [enquiryRows, userRows, roleRows, familyRows, childRows] = await Promise.all([
    enquiryIds.length
      ? db
          .select({ id: enquiries.id, name: enquiries.name, type: enquiries.type })
          .from(enquiries)
          .where(inArray(enquiries.id, enquiryIds))
      : [],
    userIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    roleNames.length
      ? db.select({ name: roles.name, displayName: roles.displayName }).from(roles).where(inArray(roles.name, roleNames))
      : [],
    familyIds.length
      ? db.select({ id: families.id, name: families.name }).from(families).where(inArray(families.id, familyIds))
      : [],
    childIds.length
      ? db
          .select({ id: children.id, firstName: children.firstName, lastName: children.lastName })
          .from(children)
          .where(inArray(children.id, childIds))
      : [],
  ]);
  const familyById = new Map(familyRows.map((f) => [String(f.id), f.name]));
  const childById = new Map(childRows.map((c) => [String(c.id), `${c.firstName} ${c.lastName}`.trim()]));
  const enquiryById = new Map(enquiryRows.map((e) => [String(e.id), e]));
  const personById = new Map(userRows.map((u) => [String(u.id), `${u.firstName} ${u.lastName}`.trim()]));
  const roleByName = new Map(roleRows.map((r) => [r.name, r.displayName]));
  return rows.map((row) => {
    const entry = toEntry(row);
    const names: AuditNames = {};
    if (row.entity === 'enquiry' && row.entityId) names.enquiry = enquiryById.get(row.entityId);
    if (row.entity === 'user' && row.entityId) names.person = personById.get(row.entityId) || undefined;
    if (typeof row.details?.role === 'string') names.role = roleByName.get(row.details.role);
    if (!reader.familyNames) names.familiesHidden = true;
    if (row.entity === 'family' && row.entityId) names.family = familyById.get(row.entityId);
    if (row.entity === 'child' && row.entityId) names.child = childById.get(row.entityId);
    return { ...entry, summary: auditSentence({ ...entry, summary: '' }, names) };
  });
}

async function page(db: Db, filter: AuditFilter, timeZone: string, limit: number, cursor?: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(whereOf(filter, timeZone), afterCursor(cursor)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const data = rows.slice(0, limit);
  return { data, nextCursor: more ? cursorOf(data[data.length - 1]!) : null };
}

/** GET /api/audit: newest first, one page, keyset paging (no count over a table of years). */
export async function listAudit(db: Db, query: AuditQuery, timeZone: string, reader: AuditReader = {}): Promise<AuditPage> {
  const { data, nextCursor } = await page(db, query, timeZone, query.limit, query.cursor);
  return { data: await withSummaries(db, data, reader), nextCursor };
}

/** The export's rows, a batch at a time, newest first, up to `max`. */
export async function* auditRows(
  db: Db,
  filter: AuditFilter,
  timeZone: string,
  max: number,
  reader: AuditReader = {},
): AsyncGenerator<AuditEntry> {
  let cursor: string | undefined;
  let sent = 0;
  do {
    const batch = await page(db, filter, timeZone, Math.min(500, max - sent), cursor);
    for (const entry of await withSummaries(db, batch.data, reader)) yield entry;
    sent += batch.data.length;
    cursor = batch.nextCursor ?? undefined;
  } while (cursor && sent < max);
}

/**
 * Retention: deletes entries older than `months`, a thousand at a time (the built-in database shares
 * the thread with HTTP). Returns how many went.
 */
export async function pruneAudit(db: Db, months: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const old = db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.createdAt} < now() - make_interval(months => ${months}::int)`)
      .limit(1000);
    const gone = await db.delete(auditLog).where(inArray(auditLog.id, old)).returning({ id: auditLog.id });
    removed += gone.length;
    if (gone.length < 1000) return removed;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
