import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import { mailings } from '../../db/schema/index.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { mailingMessage, type MailingContent } from './mailing-message.ts';
import {
  claimDueRecipients,
  finishMailings,
  nextDueInMs,
  recordFailure,
  recordSent,
  releaseAllClaims,
  releaseRecipients,
  type ClaimedRecipient,
} from './mailing-queue.ts';
import { getMailSettings } from './mailing-settings.ts';
import { createMailingTransport, isPermanent, smtpReason, type DkimOptions } from './mailing-transport.ts';
import { contentColumns } from './mailings.service.ts';
import { subscriberLink } from './subscriber-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailings: MailingSender;
  }
}

export interface MailingSenderOptions {
  /** How long a claim holds: longer than a batch takes at the rate (the batch is sized for it). */
  leaseMs: number;
  /** First retry after a temporary failure; then 4x, 16x ... */
  retryBaseMs: number;
  /** PostgreSQL (several instances): how often to look for rows nobody holds. */
  sweepMs: number;
  /** Attempts before a row stays 'failed' (a 5xx answer gives up at once). */
  maxAttempts: number;
  /** SMTP connections in the pool: also the most messages a crash can leave unrecorded. */
  connections: number;
  dkim?: DkimOptions;
  /** Messages a minute whatever staff set (SPROUT_MAILING_RATE: tests, benchmarks). */
  rateOverride?: number;
}

/**
 * Sends mailings (issue 33, docs/decisions/0029-mailings.md): claims due recipient rows in small
 * batches (a lease, `FOR UPDATE SKIP LOCKED`), hands them to a pooled SMTP transport one per free
 * connection at the school's rate, and records each 'sent' right after the server's 250. A copy is
 * made when it is sent, so no mailing is ever held in memory whole.
 */
export class MailingSender {
  private readonly transport: Transporter | null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeAt = Infinity;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly sleepers = new Set<() => void>();
  private nextSlot = 0;
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    smtpUrl: string | undefined,
    private readonly options: MailingSenderOptions,
  ) {
    this.transport = smtpUrl ? createMailingTransport(smtpUrl, options.connections, options.dkim) : null;
  }

  get configured() {
    return this.transport !== null;
  }

  get dkim() {
    return Boolean(this.options.dkim);
  }

  /** The rate in force: the environment's, else what staff set. */
  async ratePerMinute() {
    return this.options.rateOverride ?? (await getMailSettings(this.app.db)).ratePerMinute;
  }

  get rateFixed() {
    return this.options.rateOverride !== undefined;
  }

  /** Sends one message now (a test to a member of staff); not queued, not retried. */
  async sendNow(message: SendMailOptions) {
    if (!this.transport) throw new Error('E-mail is not configured on this server (SMTP_URL).');
    await this.transport.sendMail(message);
  }

  /** Something became due (a mailing started, failed rows retried): send it now. */
  wake() {
    if (!this.transport || this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err: unknown) => {
        this.app.log.warn({ err }, 'mailings: could not send; trying again shortly');
        this.wakeIn(Math.max(1000, Math.min(this.options.sweepMs, 30_000)));
      })
      .finally(() => {
        this.pumping = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Staff changed the rate: the pause set by the old one ends now. */
  rateChanged() {
    this.nextSlot = 0;
    for (const wakeUp of this.sleepers) wakeUp();
    this.wake();
  }

  /** At start: what is due goes; on PostgreSQL, other instances' work is looked for every sweepMs. */
  async resume() {
    if (!this.transport || this.closed) return;
    // The built-in database has one process: claims left in it are from a process that is gone.
    if (this.app.database.kind !== 'pg') await releaseAllClaims(this.app.db);
    this.wake();
    if (this.app.database.kind === 'pg' && this.options.sweepMs > 0 && !this.sweeper) {
      this.sweeper = setInterval(() => this.wake(), this.options.sweepMs);
      this.sweeper.unref();
    }
  }

  /** Waits until nothing is being sent (tests). */
  async settle() {
    while (this.pumping) await this.pumping;
  }

  /** Stops taking rows; copies with the server finish and are recorded, the rest are released. */
  async close() {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    for (const wakeUp of this.sleepers) wakeUp();
    await this.settle();
    this.transport?.close();
  }

  private wakeIn(ms: number) {
    const at = Date.now() + ms;
    if (this.closed || at >= this.wakeAt) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeAt = Infinity;
      this.wake();
    }, ms);
    this.wakeTimer.unref();
  }

  private async pump() {
    while (!this.closed) {
      this.again = false;
      const rate = await this.ratePerMinute();
      // A batch must be sent well within its lease at this rate.
      const batchMax = Math.max(1, Math.min(50, Math.floor(((rate / 60_000) * this.options.leaseMs) / 2)));
      const claim = await claimDueRecipients(this.app.db, { ratePerMinute: rate, leaseMs: this.options.leaseMs, batchMax });
      if (claim.rows.length) await this.sendBatch(claim.rows, rate);
      if (claim.taken) await finishMailings(this.app.db);
      if (claim.taken) continue;
      if (claim.waitMs !== undefined) return this.wakeIn(claim.waitMs);
      const next = await nextDueInMs(this.app.db);
      if (next !== null) this.wakeIn(next + 50);
      return;
    }
  }

  private async sendBatch(rows: ClaimedRecipient[], rate: number) {
    const ids = [...new Set(rows.map((r) => r.mailingId))];
    const [school, contents] = await Promise.all([
      getSchoolProfile(this.app.db),
      this.app.db.select(contentColumns).from(mailings).where(inArray(mailings.id, ids)),
    ]);
    const byId = new Map(contents.map((m) => [m.id, m]));
    const handed = new Set<number>();
    let next = 0;
    const worker = async () => {
      while (next < rows.length && !this.closed) {
        const row = rows[next++]!;
        const mailing = byId.get(row.mailingId);
        if (!mailing) continue; // deleted meanwhile (its rows went with it)
        await this.pace(rate);
        if (this.closed) return;
        handed.add(row.id);
        await this.sendOne(row, mailing, school);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.connections, rows.length) }, worker));
    const left = rows.filter((r) => !handed.has(r.id) && byId.has(r.mailingId)).map((r) => r.id);
    if (left.length) await releaseRecipients(this.app.db, left);
  }

  /** Spaces messages evenly at the rate (this process's share of the window the claim keeps). */
  private async pace(rate: number) {
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + 60_000 / rate;
    if (at - now >= 1) await this.sleep(at - now);
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private async sendOne(row: ClaimedRecipient, mailing: MailingContent, school: SchoolProfile) {
    const db = this.app.db;
    try {
      // A subscriber (on newsletter mail, or among the recipients of an operational one) can always leave.
      const unsubscribe = row.subscriberId
        ? await subscriberLink(db, mailing.siteOrigin, 'unsubscribe', row.subscriberId)
        : undefined;
      await this.transport!.sendMail(mailingMessage(mailing, row, school, unsubscribe));
    } catch (error) {
      const reason = smtpReason(error);
      const attempts = row.attempts + 1;
      const retry = !isPermanent(error) && attempts < this.options.maxAttempts;
      this.app.log.warn(
        { mailing: mailing.id, recipient: row.id, err: reason },
        retry ? 'mailing copy failed; will retry' : 'mailing copy failed',
      );
      await recordFailure(db, row.id, reason, retry ? this.options.retryBaseMs * 4 ** (attempts - 1) : undefined).catch(
        (err: unknown) => this.app.log.warn({ err, recipient: row.id }, 'mailings: could not record a failure'),
      );
      return;
    }
    // The server has it: record at once (a crash before this line is the only way a copy goes twice, with the same Message-ID).
    await recordSent(db, row.id).catch((err: unknown) =>
      this.app.log.error({ err, recipient: row.id }, 'mailings: sent but not recorded; it goes again after its lease'),
    );
  }
}
