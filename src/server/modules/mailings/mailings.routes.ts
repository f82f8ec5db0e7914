import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  MailingFailuresQuerySchema,
  MailingListQuerySchema,
  MailingTestSchema,
  MailSettingsSchema,
  type MailStatus,
} from '../../../shared/schemas/mailing.ts';
import { AppError, notFound } from '../../errors.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { checkMailDns, mailDomain } from './mailing-dns.ts';
import { hostOf, mailingMessage, originOf, type MailingContent } from './mailing-message.ts';
import { MailingSender } from './mailing-sender.ts';
import { getMailSettings, rateFromEnv, saveMailSettings } from './mailing-settings.ts';
import { dkimFromEnv, smtpReason } from './mailing-transport.ts';
import {
  checkMailingSize,
  getMailingContent,
  getMailingDetail,
  listMailings,
  MAIL_NOT_CONFIGURED,
  retryFailed,
} from './mailings.service.ts';

type IdParams = { Params: { id: string } };

const env = (name: string, fallback: number) => Number(process.env[name]) || fallback;

/**
 * Mailings (issue 33): the sender (`app.mailings`) and the staff API, under the `notices`
 * permission: read = see progress, the rate and the DNS check; write = retry failed rows, send a
 * test to oneself, set the rate.
 */
async function mailingsRoutes(app: FastifyInstance) {
  // SMTP_URL from the environment (env.ts validates it at start); DKIM_* read here, refused when half set.
  const sender = new MailingSender(app, process.env.SMTP_URL || undefined, {
    leaseMs: env('SPROUT_MAILING_LEASE_MS', 120_000),
    retryBaseMs: env('SPROUT_MAILING_RETRY_MS', 60_000),
    sweepMs: env('SPROUT_MAILING_SWEEP_MS', 10_000),
    maxAttempts: env('SPROUT_MAILING_ATTEMPTS', 5),
    connections: Math.min(10, env('SPROUT_MAILING_CONNECTIONS', 3)),
    dkim: dkimFromEnv(),
    rateOverride: rateFromEnv(),
  });
  app.decorate('mailings', sender);
  const resume = () => {
    void sender.resume().catch((err: unknown) => app.log.warn({ err }, 'could not resume mailings'));
  };
  app.addHook('onReady', resume);
  // After the installer's move to PostgreSQL: the sweep that other instances' rows need.
  app.database.onSwap(resume);
  app.addHook('onClose', async () => {
    await sender.close();
  });

  const canRead = app.requirePermission('notices', 'read');
  const canWrite = app.requirePermission('notices', 'write');
  const entity = 'mailing' as const;

  const status = async (): Promise<MailStatus> => ({
    configured: sender.configured,
    message: sender.configured ? null : MAIL_NOT_CONFIGURED,
    ratePerMinute: await sender.ratePerMinute(),
    rateFixed: sender.rateFixed,
    dkim: sender.dkim,
  });

  app.get('/api/mailings', { preHandler: canRead }, async (request) => ({
    ...(await listMailings(app.db, MailingListQuerySchema.parse(request.query ?? {}))),
    mail: await status(),
  }));

  app.get('/api/mailings/settings', { preHandler: canRead }, async () => ({ data: await status() }));

  app.put('/api/mailings/settings', { preHandler: canWrite }, async (request) => {
    const input = MailSettingsSchema.parse(request.body ?? {});
    const before = await getMailSettings(app.db);
    await saveMailSettings(app.db, input);
    if (before.ratePerMinute !== input.ratePerMinute) {
      await audit(app.db, whoOf(request), { action: 'update', entity, title: 'Sending rate', changes: ['ratePerMinute'] });
    }
    sender.rateChanged();
    return { data: await status() };
  });

  app.get('/api/mailings/dns-check', { preHandler: canRead }, async (request, reply) => {
    const school = await getSchoolProfile(app.db);
    reply.header('cache-control', 'no-store');
    return { data: await checkMailDns(mailDomain(school.email, app.siteAddress.configured() ?? app.siteOrigin(request))) };
  });

  app.post('/api/mailings/test', { preHandler: canWrite }, async (request, reply) => sendTest(app, request, reply));

  app.get<IdParams>('/api/mailings/:id', { preHandler: canRead }, async (request) => {
    const detail = await getMailingDetail(app.db, mailingId(request), MailingFailuresQuerySchema.parse(request.query ?? {}));
    if (!detail) throw notFound('The mailing');
    return { data: detail, mail: await status() };
  });

  app.post<IdParams>('/api/mailings/:id/retry-failed', { preHandler: canWrite }, async (request) => {
    const id = mailingId(request);
    const detail = await getMailingDetail(app.db, id, { limit: 1, offset: 0 });
    if (!detail) throw notFound('The mailing');
    const queued = await retryFailed(app, id);
    if (queued) {
      await audit(app.db, whoOf(request), {
        action: 'mailing-retry',
        entity,
        entityId: id,
        title: detail.subject,
        details: { recipients: queued },
      });
    }
    return { data: { queued } };
  });
}

/** Plain text as simple HTML: escaped, a paragraph per blank-line-separated block. */
const textAsHtml = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => `<p>${p.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const mailingId = (request: FastifyRequest<IdParams>) => idParam(request.params.id, 'The mailing');

/**
 * A copy to the signed-in member of staff only, in the school's layout: a mailing's message or the
 * one given. Its Message-ID is its own (never a recipient's), and its unsubscribe link unsubscribes
 * nobody.
 */
async function sendTest(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (!app.mailings.configured) throw new AppError(409, 'MAIL_NOT_CONFIGURED', MAIL_NOT_CONFIGURED);
  const input = MailingTestSchema.parse(request.body ?? {});
  const user = request.user!;
  const origin = originOf(app.siteOrigin(request));
  let content: MailingContent | null;
  if (input.mailingId !== undefined) {
    content = await getMailingContent(app.db, input.mailingId);
    if (!content) throw notFound('The mailing');
  } else {
    content = {
      id: 0,
      subject: input.subject!,
      html: input.html || textAsHtml(input.text!),
      text: input.text!,
      operational: input.operational ?? false,
      audienceLabel: 'you (a test)',
      siteOrigin: origin,
    };
    await checkMailingSize(app.db, content);
  }
  const unsubscribe = content.operational ? undefined : `${content.siteOrigin}/newsletter/unsubscribe?t=test`;
  const message = mailingMessage(
    { ...content, subject: `[Test] ${content.subject}` },
    { id: 0, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() || null },
    await getSchoolProfile(app.db),
    unsubscribe,
  );
  message.messageId = `<mailing-test-${randomUUID()}@${hostOf(content.siteOrigin)}>`;
  try {
    await app.mailings.sendNow(message);
  } catch (error) {
    throw new AppError(502, 'MAIL_FAILED', `The mail server did not take the test: ${smtpReason(error)}`);
  }
  await audit(app.db, whoOf(request), {
    action: 'mailing-test',
    entity: 'mailing',
    entityId: input.mailingId ?? null,
    title: content.subject,
  });
  return reply.code(202).send({ data: { to: user.email } });
}

// Not encapsulated: `app.mailings` is visible to the whole app (notices and posts start mailings).
export default fp(mailingsRoutes, { name: 'mailings' });
