import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { getSchoolProfile } from '../site/site.service.ts';
import { createTransport, enquiryMessage } from './enquiry-mail.ts';
import { getEnquiry, recordMailResult, undeliveredEnquiries } from './enquiries.service.ts';

/** Attempts per submission before it stays 'failed' (staff can send it again from the inbox). */
export const MAX_MAIL_ATTEMPTS = 5;

/**
 * Sends the school an e-mail per submission, after it is stored. A failure is recorded on the row
 * and retried with back-off (base, 4x, 16x ...); pending mail is picked up again at start.
 */
export class MailOutbox {
  private readonly transport: Transporter | null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    smtpUrl: string | undefined,
    private readonly retryBaseMs: number,
  ) {
    this.transport = smtpUrl ? createTransport(smtpUrl) : null;
  }

  get configured() {
    return this.transport !== null;
  }

  /** Starts delivery without waiting for it (the parent's request is already answered). */
  deliver(id: number) {
    if (!this.transport || this.closed) return;
    const attempt = this.attempt(id).finally(() => this.inFlight.delete(attempt));
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

  async resume() {
    if (!this.transport) return;
    for (const row of await undeliveredEnquiries(this.app.db, MAX_MAIL_ATTEMPTS)) this.deliver(row.id);
  }

  /** Waits for attempts under way (tests, shutdown). */
  async settle() {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.transport?.close();
  }

  private async attempt(id: number) {
    const enquiry = await getEnquiry(this.app.db, id);
    if (!enquiry || enquiry.mailState === 'sent' || !this.transport) return;
    const school = await getSchoolProfile(this.app.db);
    try {
      await this.transport.sendMail(enquiryMessage(enquiry, school));
      await recordMailResult(this.app.db, id, { ok: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.app.log.warn({ enquiry: id, err: message }, 'enquiry e-mail failed; will retry');
      if (this.closed) return;
      await recordMailResult(this.app.db, id, { ok: false, error: message });
      const attempts = enquiry.mailAttempts + 1;
      if (attempts < MAX_MAIL_ATTEMPTS) this.retryLater(id, this.retryBaseMs * 4 ** (attempts - 1));
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
