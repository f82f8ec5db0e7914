import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { MAILING_MAX_BYTES, mailingMessage, messageBytes } from './mailing-message.ts';
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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A recipient with the longest address the schema allows: the size check's worst case. */
const WORST_CASE_ADDRESS = `${'x'.repeat(64)}@${'y'.repeat(180)}.example`;

/** Refuses (400) a message whose copy, the school's layout and unsubscribe link included, passes 100 KB. */
export async function checkMailingSize(db: Db, mailing: Omit<NewMailing, 'kind' | 'sourceKey' | 'createdBy'>) {
  const school = await getSchoolProfile(db);
  const unsubscribe = mailing.operational ? undefined : await subscriberLink(db, mailing.siteOrigin, 'unsubscribe', 2 ** 31 - 1);
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
        siteOrigin: mailing.siteOrigin.replace(/\/+$/, ''),
        createdBy: mailing.createdBy,
      })
      .onConflictDoNothing()
      .returning({ id: mailings.id });
    if (!row) {
      throw new AppError(409, 'MAILING_EXISTS', 'This has been e-mailed already; a message is sent to its audience only once.');
    }
    const onlySubscribers = mailing.operational ? sql`` : sql`and r.subscriber_id is not null`;
    const [inserted] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with added as (
          insert into mailing_recipients (mailing_id, email, name, subscriber_id)
          select distinct on (lower(trim(r.email::text))) ${row.id}::int, trim(r.email::text), nullif(trim(r.name::text), ''), r.subscriber_id::int
          from (${recipients}) as r
          where trim(r.email::text) ~ '^[^@\\s<>]+@[^@\\s<>]+\\.[^@\\s<>]+$' ${onlySubscribers}
          order by lower(trim(r.email::text)), r.subscriber_id nulls first
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from added`),
    );
    const count = inserted?.n ?? 0;
    if (count === 0) await tx.update(mailings).set({ state: 'done', finishedAt: new Date() }).where(eq(mailings.id, row.id));
    return { id: row.id, recipients: count };
  });
  if (started.recipients > 0) app.mailings.wake();
  return started;
}
