import type { FastifyInstance } from 'fastify';
import { DigestSettingsSchema, SubscriberListQuerySchema } from '../../../shared/schemas/newsletter.ts';
import { runOnOneInstance } from '../../db/exclusive.ts';
import { conflict, notFound } from '../../errors.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { startMailing } from '../mailings/mailings.service.ts';
import { getPostById } from '../posts/posts.service.ts';
import { digestStatus, runDigest, saveDigestSettings } from './digest.ts';
import { postMailing } from './newsletter-mail.ts';
import { deleteSubscriber, forgetUnconfirmed, listSubscribers, subscribersOf } from './newsletter.service.ts';

/** How often the server looks whether the digest's hour has come, and forgets unconfirmed subscribers. */
const DIGEST_EVERY_MS = 5 * 60 * 1000;
const FORGET_EVERY_MS = 60 * 60 * 1000;

/**
 * The newsletter in the back office (issue 33, the notices module): the subscribers, the weekly
 * digest's settings, and a published post e-mailed to the subscribers of news. Also the two jobs
 * the server runs now and then: the digest, and forgetting who never confirmed.
 */
export default async function newsletterStaffRoutes(app: FastifyInstance) {
  const can = (action: 'read' | 'write' | 'delete') => ({ preHandler: app.requirePermission('notices', action) });

  app.get('/api/newsletter/subscribers', can('read'), async (request) =>
    listSubscribers(app.db, SubscriberListQuerySchema.parse(request.query)),
  );
  app.delete('/api/newsletter/subscribers/:id', can('delete'), async (request) => {
    const id = idParam((request.params as { id?: unknown }).id, 'The subscriber');
    if (!(await deleteSubscriber(app.db, id))) throw notFound('The subscriber');
    await audit(app.db, whoOf(request), { action: 'delete', entity: 'subscriber', entityId: id });
    return { success: true };
  });

  app.get('/api/newsletter/digest', can('read'), async () => ({ data: await digestStatus(app.db) }));
  app.put('/api/newsletter/digest', can('write'), async (request) => {
    const settings = DigestSettingsSchema.parse(request.body);
    return { message: 'Digest settings saved', data: await saveDigestSettings(app.db, settings, app.siteOrigin(request)) };
  });

  // Only a published post for everyone goes to the public newsletter: the others are for families,
  // who read them in the family area. Mailed once (409 from the engine after that).
  app.post('/api/posts/:id/newsletter', can('write'), async (request, reply) => {
    const id = idParam((request.params as { id?: unknown }).id, 'The post');
    const post = await getPostById(app.db, id, { includeDrafts: true });
    if (!post) throw notFound('The post');
    if (post.status !== 'published') throw conflict('Publish the post first: only a published post can be e-mailed.');
    if (post.audience !== 'everyone')
      throw conflict(
        'This post is for families only: newsletter subscribers get posts for everyone. Families read it in the family area.',
      );
    const siteOrigin = app.siteOrigin(request);
    const body = postMailing(
      { title: post.title, slug: post.slug, excerpt: post.excerpt, coverImage: post.cover_image },
      siteOrigin,
    );
    const started = await startMailing(
      app,
      {
        kind: 'post',
        sourceKey: `post:${id}`,
        ...body,
        operational: false,
        audienceLabel: 'Subscribers to news',
        siteOrigin,
        createdBy: request.user!.id,
      },
      subscribersOf(['news']),
    );
    return reply.code(201).send({ data: started });
  });

  const digest = () => void runDigest(app).catch((err: unknown) => app.log.warn({ err }, 'newsletter digest failed'));
  const forget = () =>
    void runOnOneInstance(app.database, 'newsletter-forget-unconfirmed', () => forgetUnconfirmed(app.db)).catch((err: unknown) =>
      app.log.warn({ err }, 'forgetting unconfirmed newsletter subscribers failed'),
    );
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    timers.push(setTimeout(digest, 60_000).unref(), setInterval(digest, DIGEST_EVERY_MS).unref());
    timers.push(setTimeout(forget, 60_000).unref(), setInterval(forget, FORGET_EVERY_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
