import { and, asc, count, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type {
  AdmissionForm,
  ContactForm,
  Enquiry,
  EnquiryListOptions,
  EnquiryListPage,
} from '../../../shared/schemas/enquiry.ts';
import type { Db } from '../../db/client.ts';
import { countRows, matchesSearch } from '../../db/lists.ts';
import { enquiries, enquirySearch } from '../../db/schema/index.ts';

type Row = typeof enquiries.$inferSelect;

function toDto(row: Row): Enquiry {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    details: row.details,
    status: row.status,
    handledAt: row.handledAt?.toISOString() ?? null,
    mailState: row.mailState,
    mailAttempts: row.mailAttempts,
    mailError: row.mailError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stored before any e-mail is attempted: a mail failure never loses a submission. */
export async function createEnquiry(
  db: Db,
  input: { type: 'admission'; form: AdmissionForm } | { type: 'contact'; form: ContactForm },
  meta: { ip: string; mailConfigured: boolean },
): Promise<Enquiry> {
  const common = { ip: meta.ip, mailState: meta.mailConfigured ? ('pending' as const) : ('not_configured' as const) };
  const values: Pick<typeof enquiries.$inferInsert, 'type' | 'name' | 'email' | 'phone' | 'message' | 'details'> =
    input.type === 'admission'
      ? {
          type: 'admission' as const,
          name: input.form.name,
          email: input.form.email,
          phone: input.form.phone,
          message: null,
          details: {
            fatherName: input.form.fatherName,
            birthDate: input.form.birthDate,
            address: input.form.address,
            department: input.form.department,
            admissionDate: input.form.admissionDate,
          },
        }
      : {
          type: 'contact' as const,
          name: input.form.name,
          email: input.form.email,
          phone: null,
          message: input.form.message,
          details: {},
        };
  const [row] = await db
    .insert(enquiries)
    .values({ ...values, ...common })
    .returning();
  return toDto(row!);
}

const ENQUIRY_ORDERS: Record<EnquiryListOptions['sort'], SQL[]> = {
  newest: [sql`${enquiries.createdAt} desc`, sql`${enquiries.id} desc`],
  oldest: [asc(enquiries.createdAt), asc(enquiries.id)],
};

/** The inbox: one page, filtered and searched in the database, with its counters from one count query. */
export async function listEnquiries(db: Db, options: EnquiryListOptions): Promise<EnquiryListPage> {
  const where = and(
    options.type ? eq(enquiries.type, options.type) : undefined,
    options.status ? eq(enquiries.status, options.status) : undefined,
    matchesSearch(enquirySearch(enquiries), options.q),
  );
  const [rows, counters] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(...ENQUIRY_ORDERS[options.sort])
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ type: enquiries.type, status: enquiries.status, n: count() })
      .from(enquiries)
      .groupBy(enquiries.type, enquiries.status),
  ]);
  const counts = { all: 0, admission: 0, contact: 0, new: 0 };
  for (const c of counters) {
    counts.all += c.n;
    counts[c.type] += c.n;
    if (c.status === 'new') counts.new += c.n;
  }
  const total = where ? ((await db.select({ n: countRows() }).from(enquiries).where(where))[0]?.n ?? 0) : counts.all;
  return { data: rows.map(toDto), total, limit: options.limit, offset: options.offset, counts };
}

/** How many enquiries nobody has handled yet (the dashboard and the sidebar's badge): one count on an index. */
export async function countNewEnquiries(db: Db): Promise<number> {
  const [row] = await db.select({ n: countRows() }).from(enquiries).where(eq(enquiries.status, 'new'));
  return row?.n ?? 0;
}

export async function getEnquiry(db: Db, id: number): Promise<Enquiry | null> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row ? toDto(row) : null;
}

export async function setEnquiryStatus(db: Db, id: number, status: 'new' | 'handled', actor: { id: number }) {
  const [row] = await db
    .update(enquiries)
    .set(
      status === 'handled'
        ? { status, handledAt: new Date(), handledBy: actor.id }
        : { status, handledAt: null, handledBy: null },
    )
    .where(eq(enquiries.id, id))
    .returning();
  return row ? toDto(row) : null;
}

export async function deleteEnquiry(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(enquiries).where(eq(enquiries.id, id)).returning({ id: enquiries.id });
  return rows.length > 0;
}

export async function recordMailResult(db: Db, id: number, result: { ok: true } | { ok: false; error: string }) {
  await db
    .update(enquiries)
    .set(
      result.ok
        ? { mailState: 'sent', mailError: null, mailAttempts: sql`${enquiries.mailAttempts} + 1` }
        : { mailState: 'failed', mailError: result.error.slice(0, 500), mailAttempts: sql`${enquiries.mailAttempts} + 1` },
    )
    .where(eq(enquiries.id, id));
}

/** Submissions whose e-mail still has to go out (after a restart, or a failure), oldest first. */
export async function undeliveredEnquiries(db: Db, maxAttempts: number): Promise<Row[]> {
  return db
    .select()
    .from(enquiries)
    .where(and(inArray(enquiries.mailState, ['pending', 'failed']), lt(enquiries.mailAttempts, maxAttempts)))
    .orderBy(enquiries.id)
    .limit(50);
}

export async function markMailPending(db: Db, id: number) {
  await db.update(enquiries).set({ mailState: 'pending', mailAttempts: 0, mailError: null }).where(eq(enquiries.id, id));
}
