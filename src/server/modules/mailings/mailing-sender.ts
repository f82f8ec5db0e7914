import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    mailings: MailingSender;
  }
}

/** Sends mailings' recipient rows over the school's SMTP (being built: see docs/decisions/0029-mailings.md). */
export class MailingSender {
  constructor(
    private readonly app: FastifyInstance,
    private readonly smtpUrl: string | undefined,
  ) {}

  get configured() {
    return Boolean(this.smtpUrl);
  }

  /** Something became due (a mailing started, failed rows retried): send it soon. */
  wake() {
    this.app.log.debug('mailings: woken');
  }
}
