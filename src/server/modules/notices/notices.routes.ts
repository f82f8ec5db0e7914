import type { FastifyInstance } from 'fastify';
import { NoticeAudienceQuerySchema, NoticeInputSchema } from '../../../shared/schemas/notice.ts';
import { AppError, notFound } from '../../errors.ts';
import { audit, changedFields, publishAction, whoOf } from '../audit/audit.service.ts';
import { checkAudience } from '../families/audience.ts';
import { idParam } from '../media/params.ts';
import { createServerPublicData } from '../site/public-data.ts';
import { countNoticeRecipients, emailNotice } from './notice-mail.ts';
import { startNoticeClock } from './notice-clock.ts';
import { createNotice, deleteNotice, getNotice, listNotices, updateNotice } from './notices.service.ts';

type IdParams = { Params: { id: string } };
const entity = 'notice' as const;

/**
 * Notices and closure alerts (issue 33): staff write them under the `notices` permission; the
 * banner shows on public pages (audience everyone) and in the family area from its start until it
 * ends by itself; e-mailed once to its audience through the mailings engine.
 */
export default async function noticesRoutes(app: FastifyInstance) {
  startNoticeClock(app);

  async function found(id: string) {
    const notice = await getNotice(app.db, idParam(id, 'The notice'));
    if (!notice) throw notFound('The notice');
    return notice;
  }

  app.get('/api/notices', { preHandler: app.requirePermission('notices', 'read') }, async () => ({
    data: await listNotices(app.db),
  }));

  // How many an e-mail would reach, for the confirmation before sending (the same query as the mailing's).
  app.get('/api/notices/recipients', { preHandler: app.requirePermission('notices', 'read') }, async (request) => {
    const query = NoticeAudienceQuerySchema.parse(request.query ?? {});
    const audience = await checkAudience(app.db, {
      audience: query.audience ?? 'everyone',
      audienceBranch: query.audienceBranch,
      audienceProgramme: query.audienceProgramme,
    });
    return { data: { count: await countNoticeRecipients(app.db, { urgency: query.urgency, ...audience }) } };
  });

  app.get<IdParams>('/api/notices/:id', { preHandler: app.requirePermission('notices', 'read') }, async (request) => ({
    data: await found(request.params.id),
  }));

  app.post('/api/notices', { preHandler: app.requirePermission('notices', 'write') }, async (request, reply) => {
    const values = NoticeInputSchema.parse(request.body ?? {});
    const notice = await createNotice(app.db, values, request.user);
    await audit(app.db, whoOf(request), {
      action: 'create',
      entity,
      entityId: notice.id,
      title: notice.title,
      details: { urgency: notice.urgency, published: notice.published },
    });
    return reply.code(201).send({ data: notice });
  });

  app.put<IdParams>('/api/notices/:id', { preHandler: app.requirePermission('notices', 'write') }, async (request) => {
    const before = await found(request.params.id);
    const values = NoticeInputSchema.parse(request.body ?? {});
    const notice = await updateNotice(app.db, before, values, request.user);
    await audit(app.db, whoOf(request), {
      action: publishAction(before.published, notice.published),
      entity,
      entityId: notice.id,
      title: notice.title,
      changes: changedFields({ ...before, state: null }, { ...notice, state: null }),
    });
    return { data: notice };
  });

  app.delete<IdParams>('/api/notices/:id', { preHandler: app.requirePermission('notices', 'delete') }, async (request) => {
    const notice = await found(request.params.id);
    await deleteNotice(app.db, notice.id);
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: notice.id, title: notice.title });
    return { success: true };
  });

  // E-mails the notice to its audience, once (a second time is the engine's 409).
  app.post<IdParams>(
    '/api/notices/:id/email',
    { preHandler: app.requirePermission('notices', 'write') },
    async (request, reply) => {
      const notice = await found(request.params.id);
      if (notice.state === 'ended')
        throw new AppError(409, 'NOTICE_ENDED', 'This notice has ended: give it a new end time first.');
      if (!notice.published) throw new AppError(409, 'NOTICE_NOT_PUBLISHED', 'Publish the notice before e-mailing it.');
      const mailing = await emailNotice(app, notice, app.siteOrigin(request), request.user);
      await audit(app.db, whoOf(request), {
        action: 'email',
        entity,
        entityId: notice.id,
        title: notice.title,
        details: { mailing: mailing.id, recipients: mailing.recipients },
      });
      return reply.code(202).send({ data: { mailingId: mailing.id, recipients: mailing.recipients } });
    },
  );

  // The public site's banners for browser navigations (the server renderer reads the same function).
  const site = createServerPublicData(app);
  app.get('/api/site/notices', async () => ({ data: await site.notices() }));
}
