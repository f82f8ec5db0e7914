import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { getSchoolProfile } from '../site/site.service.ts';
import { currentProgrammes } from '../admissions/programmes.ts';
import { createTransport, enquiryMessage } from './enquiry-mail.ts';
import { claimEnquiryMail, dueEnquiryMail, recordMailResult } from './enquiries.service.ts';

/** Attempts per submission before it stays 'failed' (staff can send it again from the inbox). */
export const MAX_MAIL_ATTEMPTS = 5;

export interface MailOutboxTimes {
  /** First retry after a failure; then 4x, 16x ... */
  retryBaseMs: number;
  /** How long a claim on a message holds: longer than any sending attempt takes. */
  leaseMs: number;
  /** PostgreSQL (several instances): how often due messages nobody holds are looked for. 0: only at start. */
  sweepMs: number;
}

/**
 * Sends the school an e-mail per submission, after it is stored. Each attempt first claims the
 * message in the database (a lease, `FOR UPDATE SKIP LOCKED`), so two instances never send one
 * e-mail twice. A failure is recorded on the row and retried with back-off (base, 4x, 16x ...);
 * pending mail is picked up again at start and, on PostgreSQL, by a sweep that also takes over
 * messages whose instance died while holding them.
 */
export class MailOutbox {
  private readonly transport: Transporter | null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private sweeper: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    smtpUrl: string | undefined,
    private readonly times: MailOutboxTimes,
  ) {
    this.transport = smtpUrl ? createTransport(smtpUrl) : null;
  }

  get configured() {
    return this.transport !== null;
  }

  /** Starts delivery without waiting for it (the parent's request is already answered). */
  deliver(id: number) {
    if (!this.transport || this.closed) return;
    const attempt = this.attempt(id)
      .catch((err: unknown) => this.app.log.warn({ enquiry: id, err }, 'enquiry e-mail not attempted'))
      .finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }

  /**
   * Sends one message to a family now (a confirmation, a visit, a staff reply) and resolves when
   * the server took it; not retried: the caller records or shows the outcome.
   */
  sendNow(message: Parameters<Transporter['sendMail']>[0]): Promise<void> {
    if (!this.transport || this.closed) return Promise.reject(new Error('E-mail is not configured on this server (SMTP_URL).'));
    const sending = this.transport.sendMail(message).then(() => undefined);
    const tracked = sending.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return sending;
  }

  /** Delivers whatever is due; on PostgreSQL, again every sweepMs. */
  async resume() {
    if (!this.transport) return;
    await this.deliverDue();
    if (this.app.database.kind === 'pg' && this.times.sweepMs > 0 && !this.closed && !this.sweeper) {
      this.sweeper = setInterval(() => {
        this.deliverDue().catch((err: unknown) => this.app.log.warn({ err }, 'could not look for enquiry e-mails'));
      }, this.times.sweepMs);
      this.sweeper.unref();
    }
  }

  /** Waits for attempts under way (tests, shutdown). */
  async settle() {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  close() {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.transport?.close();
  }

  private async deliverDue() {
    for (const row of await dueEnquiryMail(this.app.db, MAX_MAIL_ATTEMPTS)) this.deliver(row.id);
  }

  private async attempt(id: number) {
    if (!this.transport) return;
    const enquiry = await claimEnquiryMail(this.app.db, id, this.times.leaseMs, MAX_MAIL_ATTEMPTS);
    if (!enquiry) return; // sent, given up, or in another instance's hands
    const [school, programmes] = await Promise.all([getSchoolProfile(this.app.db), currentProgrammes(this.app.db)]);
    try {
      await this.transport.sendMail(enquiryMessage(enquiry, school, programmes));
      await recordMailResult(this.app.db, id, { ok: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.app.log.warn({ enquiry: id, err: message }, 'enquiry e-mail failed; will retry');
      if (this.closed) return; // the lease runs out; the next start or another instance retries
      const attempts = enquiry.mailAttempts + 1;
      const retryInMs = attempts < MAX_MAIL_ATTEMPTS ? this.times.retryBaseMs * 4 ** (attempts - 1) : undefined;
      await recordMailResult(this.app.db, id, { ok: false, error: message, retryInMs });
      if (retryInMs !== undefined) this.retryLater(id, retryInMs + 20); // just after the claim runs out
    }
  }

  private retryLater(id: number, delayMs: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.deliver(id);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
