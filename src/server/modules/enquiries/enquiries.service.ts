import { and, asc, count, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type {
  AdmissionForm,
  ContactForm,
  Enquiry,
  EnquiryListOptions,
  EnquiryListPage,
} from '../../../shared/schemas/enquiry.ts';
import { enquiryReference } from '../../../shared/schemas/admission-stages.ts';
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
    reference: enquiryReference(row.type, row.id),
    stage: row.stage,
    stageChangedAt: row.stageChangedAt.toISOString(),
    visitAt: row.visitAt?.toISOString() ?? null,
  };
}

/** Stored before any e-mail is attempted: a mail failure never loses a submission. */
export async function createEnquiry(
  db: Db,
  input: { type: 'admission'; form: AdmissionForm } | { type: 'contact'; form: ContactForm },
  meta: { ip: string; mailConfigured: boolean },
): Promise<Enquiry> {
  const common = { ip: meta.ip, mailState: meta.mailConfigured ? ('pending' as const) : ('not_configured' as const) };
  const values: Pick<typeof enquiries.$inferInsert, 'type' | 'name' | 'email' | 'phone' | 'message' | 'details' | 'stage'> =
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
            ...(input.form.branch ? { branch: input.form.branch } : {}),
          },
          stage: 'new' as const,
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

/**
 * How many enquiries nobody has handled yet (the sidebar's badges): contact messages (the
 * Enquiries screen) and admissions (the board's New column), one grouped count on the status index.
 */
export async function countNewEnquiries(db: Db): Promise<{ new: number; messages: number; admissions: number }> {
  const rows = await db
    .select({ type: enquiries.type, n: countRows() })
    .from(enquiries)
    .where(eq(enquiries.status, 'new'))
    .groupBy(enquiries.type);
  const messages = rows.find((r) => r.type === 'contact')?.n ?? 0;
  const admissions = rows.find((r) => r.type === 'admission')?.n ?? 0;
  return { new: messages + admissions, messages, admissions };
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

/**
 * After a sending attempt. A failure keeps the message claimed for `retryInMs` (its back-off): no
 * instance's sweep takes it before the retry is due.
 */
export async function recordMailResult(
  db: Db,
  id: number,
  result: { ok: true } | { ok: false; error: string; retryInMs?: number },
) {
  const attempts = sql`${enquiries.mailAttempts} + 1`;
  await db
    .update(enquiries)
    .set(
      result.ok
        ? { mailState: 'sent', mailError: null, mailAttempts: attempts, mailClaimedUntil: null }
        : {
            mailState: 'failed',
            mailError: result.error.slice(0, 500),
            mailAttempts: attempts,
            mailClaimedUntil: result.retryInMs ? sql`now() + ${`${Math.ceil(result.retryInMs)} milliseconds`}::interval` : null,
          },
    )
    .where(eq(enquiries.id, id));
}

/**
 * Claims the e-mail of submission `id` for `leaseMs`, or returns undefined when it is sent, given
 * up, or claimed by another process whose lease still runs (DESIGN §8: two instances never send
 * one e-mail twice; a message left by a dead instance is taken once its lease is over).
 */
export async function claimEnquiryMail(db: Db, id: number, leaseMs: number, maxAttempts: number): Promise<Enquiry | undefined> {
  const result = (await db.execute(sql`
    update ${enquiries} set mail_claimed_until = now() + ${`${Math.ceil(leaseMs)} milliseconds`}::interval
    where id = (
      select id from ${enquiries}
      where id = ${id} and mail_state in ('pending', 'failed') and mail_attempts < ${maxAttempts}
        and (mail_claimed_until is null or mail_claimed_until <= now())
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.length ? ((await getEnquiry(db, id)) ?? undefined) : undefined;
}

/** Submissions whose e-mail is due and claimed by nobody, oldest first. */
export async function dueEnquiryMail(db: Db, maxAttempts: number): Promise<{ id: number }[]> {
  return db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(
      and(
        inArray(enquiries.mailState, ['pending', 'failed']),
        lt(enquiries.mailAttempts, maxAttempts),
        sql`(${enquiries.mailClaimedUntil} is null or ${enquiries.mailClaimedUntil} <= now())`,
      ),
    )
    .orderBy(enquiries.id)
    .limit(50);
}

export async function markMailPending(db: Db, id: number) {
  await db
    .update(enquiries)
    .set({ mailState: 'pending', mailAttempts: 0, mailError: null, mailClaimedUntil: null })
    .where(eq(enquiries.id, id));
}
