import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { z } from 'zod';
import { FamilyNewsletterPage } from '../../../client/features/family-area/family-newsletter-page.tsx';
import {
  NewsletterConfirmPage,
  NewsletterLinkInvalidPage,
  NewsletterSubscribedPage,
  NewsletterUnsubscribedPage,
  NewsletterUnsubscribePage,
} from '../../../client/features/newsletter/newsletter-pages.tsx';
import { NEWSLETTER_TOPICS, NEWSLETTER_UNAVAILABLE, SUBSCRIBE_ANSWER } from '../../../shared/schemas/newsletter-options.ts';
import { FamilyNewsletterFormSchema, NewsletterSubscribeSchema } from '../../../shared/schemas/newsletter.ts';
import { admitLimitHit } from '../../db/limit-hits.ts';
import { AppError } from '../../errors.ts';
import { FormTokens, minimumFillMs } from '../enquiries/form-token.ts';
import { passesSpamGuards } from '../enquiries/submission-guard.ts';
import { acceptForms, crossSite, familySchool, familySignedIn, sendFamilyPage } from '../family-area/family-area.routes.tsx';
import { readSubscriberToken, subscriberLink } from '../mailings/subscriber-links.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { MAILS_PER_ADDRESS, NEWSLETTER_LIMIT } from './newsletter-limits.ts';
import { alreadySubscribedMessage, confirmationMessage } from './newsletter-mail.ts';
import newsletterStaffRoutes from './newsletter-staff.routes.ts';
import {
  checkBranch,
  confirmationState,
  confirmSubscription,
  contactEmail,
  requestSubscription,
  subscribeFromFamilyArea,
  subscriptionOf,
  unsubscribe,
} from './newsletter.service.ts';

const TokenQuerySchema = z.object({ t: z.string().max(200).optional().catch(undefined) });

/**
 * The newsletter's public side (issue 33): the subscribe form's API (the enquiry forms' spam
 * guards), the pages that the e-mailed links open (confirm; unsubscribe, RFC 8058 one-click
 * included) and the family area's Newsletter page.
 */
async function newsletterPublicRoutes(app: FastifyInstance) {
  acceptForms(app);
  // RFC 8058: a mail client's one-click POST may come as multipart/form-data; its body is not read.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  const formTokens = new FormTokens(() => app.db);
  const minFillMs = minimumFillMs();

  app.get('/api/newsletter/form-token', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: await formTokens.issue('newsletter') };
  });

  // The same answer whether or not the address was known: a confirmation link, or (subscribed
  // already) a note with the way to leave, goes to the address, not to whoever asked.
  app.post('/api/newsletter/subscribe', async (request, reply) => {
    const form = NewsletterSubscribeSchema.parse(request.body);
    if (!app.mailOutbox.configured) throw new AppError(409, 'MAIL_NOT_CONFIGURED', NEWSLETTER_UNAVAILABLE);
    const answer = { message: SUBSCRIBE_ANSWER };
    if (
      !(await passesSpamGuards(app.db, formTokens, form, {
        type: 'newsletter',
        ip: request.ip,
        minFillMs,
        limit: NEWSLETTER_LIMIT,
      }))
    )
      return reply.code(202).send(answer);
    const school = await getSchoolProfile(app.db);
    const branch = checkBranch(
      form.branch,
      school.branches.map((b) => b.name),
    );
    const { id, confirmed } = await requestSubscription(app.db, {
      email: form.email,
      branch,
      topics: form.topics,
      source: form.source,
    });
    if ((await admitLimitHit(app.db, MAILS_PER_ADDRESS, form.email.toLowerCase())) > 0) return reply.code(202).send(answer);
    const origin = app.siteOrigin(request);
    const message = confirmed
      ? alreadySubscribedMessage(school, form.email, await subscriberLink(app.db, origin, 'unsubscribe', id))
      : confirmationMessage(school, form.email, await subscriberLink(app.db, origin, 'confirm', id), {
          topics: form.topics,
          branch,
        });
    app.mailOutbox.sendNow(message).catch((err: unknown) => request.log.warn({ err }, 'newsletter confirmation e-mail failed'));
    return reply.code(202).send(answer);
  });

  const page = async (reply: FastifyReply, status: number, title: string, render: (schoolName: string) => ReactElement) =>
    sendFamilyPage(app, reply, status, title, render((await familySchool(app, reply.request)).name));
  const invalid = (reply: FastifyReply) =>
    page(reply, 400, 'Link not valid', (schoolName) => <NewsletterLinkInvalidPage schoolName={schoolName} />);
  const tokenOf = (request: FastifyRequest) => TokenQuerySchema.parse(request.query ?? {}).t ?? '';

  // Opening the link shows a button; pressing it records the consent. A mail scanner that opens
  // links subscribes nobody.
  app.get('/newsletter/confirm', async (request, reply) => {
    const token = tokenOf(request);
    const id = await readSubscriberToken(app.db, 'confirm', token);
    const state = id === null ? null : await confirmationState(app.db, id);
    if (state === null) return invalid(reply);
    if (state === 'confirmed') return subscribed(reply, id!);
    const action = `/newsletter/confirm?t=${encodeURIComponent(token)}`;
    return page(reply, 200, 'Confirm your subscription', (schoolName) => (
      <NewsletterConfirmPage schoolName={schoolName} action={action} />
    ));
  });

  app.post('/newsletter/confirm', async (request, reply) => {
    const id = await readSubscriberToken(app.db, 'confirm', tokenOf(request));
    return id === null ? invalid(reply) : subscribed(reply, id);
  });

  /** Confirms (again: nothing changes for a confirmed subscriber) and says what was chosen. */
  async function subscribed(reply: FastifyReply, id: number) {
    const subscriber = await confirmSubscription(app.db, id);
    if (!subscriber) return invalid(reply);
    const unsubscribeHref = await subscriberLink(app.db, '', 'unsubscribe', subscriber.id);
    const topics = NEWSLETTER_TOPICS.filter((t) => subscriber.topics.includes(t));
    return page(reply, 200, 'You’re subscribed', (schoolName) => (
      <NewsletterSubscribedPage
        schoolName={schoolName}
        topics={topics}
        branch={subscriber.branch}
        unsubscribeHref={unsubscribeHref}
      />
    ));
  }

  // Opening the link shows a button: a mail scanner following links unsubscribes nobody.
  app.get('/newsletter/unsubscribe', async (request, reply) => {
    const token = tokenOf(request);
    if ((await readSubscriberToken(app.db, 'unsubscribe', token)) === null) return invalid(reply);
    const action = `/newsletter/unsubscribe?t=${encodeURIComponent(token)}`;
    return page(reply, 200, 'Unsubscribe', (schoolName) => <NewsletterUnsubscribePage schoolName={schoolName} action={action} />);
  });

  // The page's button, and RFC 8058's one-click POST (`List-Unsubscribe=One-Click`) from a mail
  // client's server: no cookie, no Origin check, no form token; the signed link is the authority.
  app.post('/newsletter/unsubscribe', async (request, reply) => {
    const id = await readSubscriberToken(app.db, 'unsubscribe', tokenOf(request));
    if (id === null) return invalid(reply);
    await unsubscribe(app.db, { id });
    return page(reply, 200, 'You’re unsubscribed', (schoolName) => <NewsletterUnsubscribedPage schoolName={schoolName} />);
  });

  async function familyPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    alert: { saved?: string; error?: string },
  ) {
    const who = await familySignedIn(app, request, reply);
    if (!who) return reply.header('cache-control', 'private, no-store').redirect('/family', 303);
    const [email, school] = await Promise.all([contactEmail(app.db, who.contact.id), getSchoolProfile(app.db)]);
    const row = email ? await subscriptionOf(app.db, email) : null;
    const subscription = {
      subscribed: row?.state === 'confirmed',
      topics: NEWSLETTER_TOPICS.filter((t) => row?.topics.includes(t)),
      branch: row?.branch ?? null,
      consentAt: row?.consentAt?.toISOString() ?? null,
    };
    return sendFamilyPage(
      app,
      reply,
      status,
      'Newsletter',
      <FamilyNewsletterPage
        school={await familySchool(app, request)}
        viewer={who.viewer}
        email={email}
        subscription={subscription}
        branches={school.branches.map((b) => b.name)}
        {...alert}
      />,
    );
  }

  app.get('/family/newsletter', async (request, reply) => {
    const saved = (request.query as { saved?: string }).saved;
    return familyPage(
      request,
      reply,
      200,
      saved ? { saved: saved === 'left' ? 'You are unsubscribed.' : 'Your choices are saved.' } : {},
    );
  });

  app.post('/family/newsletter', async (request, reply) => {
    if (crossSite(app, request)) throw new AppError(403, 'CROSS_SITE', 'Cross-site requests are not allowed.');
    const who = await familySignedIn(app, request, reply);
    const email = who && (await contactEmail(app.db, who.contact.id));
    if (!who || !email) return familyPage(request, reply, 401, {});
    const parsed = FamilyNewsletterFormSchema.safeParse(request.body ?? {});
    if (!parsed.success) return familyPage(request, reply, 400, { error: parsed.error.issues[0]!.message });
    const form = parsed.data;
    if (form.action === 'leave') {
      await unsubscribe(app.db, { email });
      return reply.header('cache-control', 'private, no-store').redirect('/family/newsletter?saved=left', 303);
    }
    const topics = NEWSLETTER_TOPICS.filter((t) => form[t] === 'yes');
    if (!topics.length) return familyPage(request, reply, 400, { error: 'Choose at least one: news or events.' });
    const school = await getSchoolProfile(app.db);
    let branch: string | null;
    try {
      branch = checkBranch(
        form.branch,
        school.branches.map((b) => b.name),
      );
    } catch (error) {
      return familyPage(request, reply, 400, { error: (error as Error).message });
    }
    await subscribeFromFamilyArea(app.db, email, { topics, branch });
    return reply.header('cache-control', 'private, no-store').redirect('/family/newsletter?saved=1', 303);
  });
}

/** The newsletter's public routes (forms of their own) and its back-office API, side by side. */
export default async function newsletterRoutes(app: FastifyInstance) {
  await app.register(newsletterPublicRoutes);
  await app.register(newsletterStaffRoutes);
}
