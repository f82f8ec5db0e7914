import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../backups/schema-history.ts';

/** The skipped rows' reason: the subscriber left (or was erased) before their copy went. */
export const UNSUBSCRIBED = 'Unsubscribed';

const ms = (n: number) => `${Math.max(0, Math.ceil(n))} milliseconds`;

export interface ClaimedRecipient {
  id: number;
  mailingId: number;
  email: string;
  name: string | null;
  subscriberId: number | null;
  attempts: number;
}

export interface ClaimOptions {
  /** Messages a minute for the whole school, every instance together. */
  ratePerMinute: number;
  leaseMs: number;
  batchMax: number;
}

export interface Claim {
  rows: ClaimedRecipient[];
  /** Rows taken: those returned and those skipped as unsubscribed. */
  taken: number;
  /** Nothing was taken because the rate's budget is spent: look again after this long. */
  waitMs?: number;
}

/**
 * The rate's window: ten seconds, or one message's interval when that is longer. A claim may take
 * what the rate allows in one window minus what every instance sent or holds in it.
 */
export function rateWindow(ratePerMinute: number) {
  const windowMs = Math.max(10_000, 60_000 / ratePerMinute);
  return { windowMs, allowance: Math.max(1, Math.floor((ratePerMinute * windowMs) / 60_000)) };
}

/**
 * Claims recipients whose copy is due, for `leaseMs` (state 'sending', `claimed_until`), the way
 * enquiry mail is claimed (`FOR UPDATE SKIP LOCKED`). A row left 'sending' by an instance that died
 * is due again once its lease ran out. Claims of all instances take turns (an advisory lock), so
 * their sum keeps to the rate. Rows whose subscriber is no longer confirmed are marked failed
 * ('Unsubscribed') here and never sent.
 */
export async function claimDueRecipients(db: Db, options: ClaimOptions): Promise<Claim> {
  const { windowMs, allowance } = rateWindow(options.ratePerMinute);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sprout-mailings-claim'))`);
    const [recent] = await rowsOf<{ n: number }>(
      tx,
      sql`
        select count(*)::int as n from mailing_recipients r
        where r.mailing_id in (select id from mailings where state = 'sending' or finished_at > now() - ${ms(windowMs)}::interval)
          and ((r.state = 'sent' and r.sent_at > now() - ${ms(windowMs)}::interval)
            or (r.state = 'sending' and r.claimed_until > now()))`,
    );
    const budget = Math.min(options.batchMax, allowance - (recent?.n ?? 0));
    if (budget <= 0) return { rows: [], taken: 0, waitMs: Math.max(250, Math.min(windowMs / 4, 60_000 / options.ratePerMinute)) };
    const claimed = await rowsOf<ClaimedRecipient>(
      tx,
      sql`
        update mailing_recipients set state = 'sending', claimed_until = now() + ${ms(options.leaseMs)}::interval
        where id in (
          select r.id from mailing_recipients r
          where r.state in ('queued', 'sending') and r.next_attempt_at <= now()
            and (r.claimed_until is null or r.claimed_until <= now())
            and exists (select 1 from mailings m where m.id = r.mailing_id and m.state = 'sending')
          order by r.next_attempt_at, r.id
          limit ${budget}
          for update skip locked)
        returning id, mailing_id as "mailingId", email, name, subscriber_id as "subscriberId", attempts`,
    );
    if (!claimed.length) return { rows: [], taken: 0 };
    const ids = sql.join(
      claimed.map((r) => sql`${r.id}::int`),
      sql`, `,
    );
    const skipped = await rowsOf<{ id: number }>(
      tx,
      sql`
        update mailing_recipients r set state = 'failed', error = ${UNSUBSCRIBED}, claimed_until = null
        from mailings m
        where r.id in (${ids}) and m.id = r.mailing_id
          and (case when r.subscriber_id is null then not m.operational
               else not exists (select 1 from newsletter_subscribers s where s.id = r.subscriber_id and s.state = 'confirmed') end)
        returning r.id`,
    );
    const gone = new Set(skipped.map((r) => r.id));
    return { rows: claimed.filter((r) => !gone.has(r.id)).sort((a, b) => a.id - b.id), taken: claimed.length };
  });
}

/** Recorded right after the server's 250: from here on the row is never sent again. */
export async function recordSent(db: Db, id: number) {
  await db.execute(sql`
    update mailing_recipients set state = 'sent', sent_at = now(), attempts = attempts + 1, error = null, claimed_until = null
    where id = ${id}`);
}

/** A failed attempt: queued again after `retryInMs`, or (undefined) given up as 'failed' with the reason. */
export async function recordFailure(db: Db, id: number, reason: string, retryInMs: number | undefined) {
  await db.execute(sql`
    update mailing_recipients set attempts = attempts + 1, error = ${reason.slice(0, 500)}, claimed_until = null,
      state = ${retryInMs === undefined ? 'failed' : 'queued'},
      next_attempt_at = now() + ${ms(retryInMs ?? 0)}::interval
    where id = ${id} and state = 'sending'`);
}

/** Claimed rows this process did not hand to the server (it is stopping): due again at once. */
export async function releaseRecipients(db: Db, ids: number[]) {
  if (!ids.length) return;
  await db.execute(sql`
    update mailing_recipients set state = 'queued', claimed_until = null
    where state = 'sending' and id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`);
}

/**
 * The built-in database has one process: at its start, every claim left is from a process that is
 * gone, and is due now (the ambiguous ones go again, with the same Message-ID).
 */
export async function releaseAllClaims(db: Db) {
  await db.execute(sql`update mailing_recipients set claimed_until = null where state = 'sending'`);
}

/** Milliseconds until the next row waiting (a retry's back-off, another instance's lease), or null. */
export async function nextDueInMs(db: Db): Promise<number | null> {
  const [row] = await rowsOf<{ ms: number | string | null }>(
    db,
    sql`
      select extract(epoch from (min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) - now())) * 1000 as ms
      from mailing_recipients where state in ('queued', 'sending')`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Number(row.ms));
}

/** Mailings with no row waiting or being sent are done. */
export async function finishMailings(db: Db) {
  await db.execute(sql`
    update mailings m set state = 'done', finished_at = now()
    where m.state = 'sending'
      and not exists (select 1 from mailing_recipients r where r.mailing_id = m.id and r.state in ('queued', 'sending'))`);
}
