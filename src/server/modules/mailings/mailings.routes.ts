import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailingSender } from './mailing-sender.ts';

async function mailingsRoutes(app: FastifyInstance) {
  // SMTP_URL from the environment (env.ts validates it at start).
  app.decorate('mailings', new MailingSender(app, process.env.SMTP_URL || undefined));
}

export default fp(mailingsRoutes, { name: 'mailings' });
