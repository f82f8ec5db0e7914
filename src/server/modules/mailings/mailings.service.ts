import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MailingCounts, MailingDetail, MailingSummary } from '../../../shared/schemas/mailing.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../backups/schema-history.ts';
import { mailingRecipients, mailings, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { MAILING_MAX_BYTES, mailingMessage, messageBytes, originOf, type MailingContent } from './mailing-message.ts';
import { UNSUBSCRIBED } from './mailing-queue.ts';
import { subscriberLink } from './subscriber-links.ts';

export interface NewMailing {
  kind: 'notice' | 'post' | 'digest';
  /** Unique: 'notice:4', 'post:12', 'digest:2026-11-30'. Started twice: 409 MAILING_EXISTS. */
  sourceKey: string;
  subject: string;
  /** The message's body only (simple HTML, inline styles); the school's layout goes around it. */
  html: string;
  /** The plain-text body; the layout's plain text is added. */
  text: string;
  /** true: closure/safety, no unsubscribe; false: the newsletter, List-Unsubscribe and a visible link. */
  operational: boolean;
  /** Who it goes to, in words: "Subscribers to news", "Families · City". */
  audienceLabel: string;
  /** app.siteOrigin(request), or app.siteAddress.configured() for jobs. */
  siteOrigin: string;
  createdBy: number | null;
}

export const MAIL_NOT_CONFIGURED =
  'E-mail is not configured on this server, so mailings cannot be sent. Whoever runs the server sets SMTP_URL (the school’s mail server) and restarts it.';

const mailNotConfigured = () => new AppError(409, 'MAIL_NOT_CONFIGURED', MAIL_NOT_CONFIGURED);

/** A recipient with the longest address the schema allows: the size check's worst case. */
const WORST_CASE_ADDRESS = `${'x'.repeat(64)}@${'y'.repeat(180)}.example`;

/** Refuses (400) a message whose copy, the school's layout and unsubscribe link included, passes 100 KB. */
export async function checkMailingSize(db: Db, mailing: Omit<NewMailing, 'kind' | 'sourceKey' | 'createdBy'>) {
  const school = await getSchoolProfile(db);
  // Operational mail carries an unsubscribe link too when the recipient is a subscriber.
  const unsubscribe = await subscriberLink(db, mailing.siteOrigin, 'unsubscribe', 2 ** 31 - 1);
  const copy = mailingMessage(
    { ...mailing, id: 2 ** 31 - 1 },
    { id: 2 ** 31 - 1, email: WORST_CASE_ADDRESS, name: 'x'.repeat(200) },
    school,
    unsubscribe,
  );
  const bytes = await messageBytes(copy);
  if (bytes > MAILING_MAX_BYTES) {
    throw new AppError(
      400,
      'MAILING_TOO_LARGE',
      `This message would be ${Math.ceil(bytes / 1024)} KB by e-mail; keep it under ${MAILING_MAX_BYTES / 1024} KB (Gmail cuts longer ones short). Shorten the text or leave out pictures.`,
    );
  }
}

/**
 * Starts a mailing: stores the message once and a row per recipient (INSERT ... SELECT: the list
 * is never read into memory), then wakes the sender and returns at once. `recipients` is a query
 * answering columns named exactly `email`, `name`, `subscriber_id`; an address appears once (a
 * family contact wins over a subscriber row for operational mail), an address that is not one is
 * left out, and newsletter rows without a subscriber are left out (they could not unsubscribe).
 * The caller audits a start staff asked for; a job's (createdBy null) is audited here.
 */
export async function startMailing(
  app: FastifyInstance,
  mailing: NewMailing,
  recipients: SQL,
): Promise<{ id: number; recipients: number }> {
  if (!app.mailings.configured) throw mailNotConfigured();
  await checkMailingSize(app.db, mailing);
  const started = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailings)
      .values({
        kind: mailing.kind,
        sourceKey: mailing.sourceKey,
        subject: mailing.subject,
        html: mailing.html,
        text: mailing.text,
        operational: mailing.operational,
        audienceLabel: mailing.audienceLabel,
        siteOrigin: originOf(mailing.siteOrigin),
        createdBy: mailing.createdBy,
      })
      .onConflictDoNothing()
      .returning({ id: mailings.id });
    if (!row) {
      throw new AppError(409, 'MAILING_EXISTS', 'This has been e-mailed already; a message is sent to its audience only once.');
    }
    const onlySubscribers = mailing.operational ? sql`` : sql`and r.subscriber_id is not null`;
    const [inserted] = await rowsOf<{ n: number }>(
      tx,
      sql`
        with added as (
          insert into mailing_recipients (mailing_id, email, name, subscriber_id)
          select distinct on (lower(trim(r.email::text))) ${row.id}::int, trim(r.email::text), nullif(trim(r.name::text), ''), r.subscriber_id::int
          from (${recipients}) as r
          where trim(r.email::text) ~ '^[^@\\s<>]+@[^@\\s<>]+\\.[^@\\s<>]+$' ${onlySubscribers}
          order by lower(trim(r.email::text)), r.subscriber_id nulls first
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from added`,
    );
    const count = inserted?.n ?? 0;
    if (count === 0) await tx.update(mailings).set({ state: 'done', finishedAt: new Date() }).where(eq(mailings.id, row.id));
    return { id: row.id, recipients: count };
  });
  if (started.recipients > 0) app.mailings.wake();
  // A start by a member of staff is audited by its route (with the request's address, on the notice
  // or the post); one no one asked for (the weekly digest) is audited here.
  if (mailing.createdBy === null) {
    await audit(
      app.db,
      { userId: null, username: null, ip: null },
      {
        action: 'email',
        entity: 'mailing',
        entityId: started.id,
        title: mailing.subject,
        details: { recipients: started.recipients, kind: mailing.kind },
      },
    );
  }
  return started;
}

export const contentColumns = {
  id: mailings.id,
  subject: mailings.subject,
  html: mailings.html,
  text: mailings.text,
  operational: mailings.operational,
  audienceLabel: mailings.audienceLabel,
  siteOrigin: mailings.siteOrigin,
};

const summaryColumns = {
  id: mailings.id,
  kind: mailings.kind,
  subject: mailings.subject,
  audienceLabel: mailings.audienceLabel,
  operational: mailings.operational,
  state: mailings.state,
  createdAt: mailings.createdAt,
  finishedAt: mailings.finishedAt,
  createdBy: sql<
    string | null
  >`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from ${users} u where u.id = ${mailings.createdBy})`,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & { id: number; createdAt: Date; finishedAt: Date | null };

/** Queued (waiting or being sent), sent and failed rows per mailing, from the index. */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, MailingCounts>> {
  const counts = new Map(ids.map((id) => [id, { queued: 0, sent: 0, failed: 0 }]));
  if (!ids.length) return counts;
  const rows = await db
    .select({ mailingId: mailingRecipients.mailingId, state: mailingRecipients.state, n: sql<number>`count(*)::int` })
    .from(mailingRecipients)
    .where(inArray(mailingRecipients.mailingId, ids))
    .groupBy(mailingRecipients.mailingId, mailingRecipients.state);
  for (const row of rows) {
    const c = counts.get(row.mailingId)!;
    if (row.state === 'sent') c.sent += row.n;
    else if (row.state === 'failed') c.failed += row.n;
    else c.queued += row.n;
  }
  return counts;
}

const summaryOf = (row: SummaryRow, counts: MailingCounts): MailingSummary =>
  ({
    ...row,
    counts,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }) as MailingSummary;

/** A mailing's message as the sender makes copies of it. */
export async function getMailingContent(db: Db, id: number): Promise<MailingContent | null> {
  const [row] = await db.select(contentColumns).from(mailings).where(eq(mailings.id, id));
  return row ?? null;
}

/** Newest first, with their progress. */
export async function listMailings(db: Db, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(mailings)
      .orderBy(desc(mailings.createdAt), desc(mailings.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(mailings),
  ]);
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => summaryOf(r as SummaryRow, counts.get(r.id)!)), total: total?.n ?? 0, ...page };
}

/** One mailing's progress and a page of its failed rows with the server's reasons. */
export async function getMailingDetail(
  db: Db,
  id: number,
  page: { limit: number; offset: number },
): Promise<MailingDetail | null> {
  const [row] = await db.select(summaryColumns).from(mailings).where(eq(mailings.id, id));
  if (!row) return null;
  const failed = and(eq(mailingRecipients.mailingId, id), eq(mailingRecipients.state, 'failed'));
  const [counts, failures] = await Promise.all([
    countsOf(db, [id]),
    db
      .select({
        id: mailingRecipients.id,
        email: mailingRecipients.email,
        error: mailingRecipients.error,
        attempts: mailingRecipients.attempts,
      })
      .from(mailingRecipients)
      .where(failed)
      .orderBy(mailingRecipients.id)
      .limit(page.limit)
      .offset(page.offset),
  ]);
  const c = counts.get(id)!;
  return { ...summaryOf(row as SummaryRow, c), failures: { data: failures, total: c.failed, ...page } };
}

/**
 * Queues a mailing's failed rows again (fresh attempts), except those skipped because the
 * subscriber left: they are checked again and skipped again. Returns how many were queued.
 */
export async function retryFailed(app: FastifyInstance, id: number): Promise<number> {
  if (!app.mailings.configured) throw mailNotConfigured();
  const queued = await app.db.transaction(async (tx) => {
    const rows = await rowsOf<{ n: number }>(
      tx,
      sql`
        with again as (
          update mailing_recipients set state = 'queued', attempts = 0, error = null, claimed_until = null, next_attempt_at = now()
          where mailing_id = ${id} and state = 'failed' and error is distinct from ${UNSUBSCRIBED}
          returning 1)
        select count(*)::int as n from again`,
    );
    const n = rows[0]?.n ?? 0;
    if (n) await tx.update(mailings).set({ state: 'sending', finishedAt: null }).where(eq(mailings.id, id));
    return n;
  });
  if (queued) app.mailings.wake();
  return queued;
}
