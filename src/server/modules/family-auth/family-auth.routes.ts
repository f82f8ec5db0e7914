import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FamilySignInLinkRequestSchema, FamilySignInTokenSchema } from '../../../shared/schemas/family-auth.ts';
import { AppError, notFound, unauthorized } from '../../errors.ts';
import { audit, whoOf, type AuditWho } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import {
  contactForFamilySession,
  createSignInLink,
  deleteFamilySession,
  FAMILY_COOKIE,
  familyContact,
  familyMe,
  LINK_INVALID,
  LINK_MINUTES,
  requestSignInLink,
  signInWithLink,
  type LinkContact,
} from './family-auth.service.ts';

/** The answer to every request, whether or not the address is a contact's. */
export const LINK_REQUESTED = 'If this address belongs to a family of the school, a sign-in link is on its way.';
export const LINK_UNAVAILABLE =
  'This site cannot send e-mail yet: ask the school for a sign-in link, which staff can pass on to you.';
/** Where a signed-in parent lands: the family area (which answers 404 until it is built). */
export const FAMILY_HOME = '/family';

const cookieBase = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
  path: '/',
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small page of its own (no page cache, no referrer: its address holds the token). */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
        `<style>body{font:1.05rem/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}` +
        `button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#166534;color:#fff;cursor:pointer}` +
        `button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}</style></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

const invalidPage = (reply: FastifyReply, status = 400) =>
  page(reply, status, 'Sign-in link not valid', `<p role="alert">${escapeHtml(LINK_INVALID)}</p>`);

/**
 * Parents sign in without a password (issue 32; docs/decisions/0024-family-sign-in.md): a one-time
 * link by e-mail (15 minutes, once), a family session under its own cookie that the staff
 * authentication never reads, and a link staff can pass on when the server cannot send e-mail.
 */
export default async function familyAuthRoutes(app: FastifyInstance) {
  const canWrite = app.requirePermission('families', 'write');

  /** Hands the message to the outbox at once (it is queued before this returns); resolves once sent. */
  function mailLink(request: FastifyRequest, school: SchoolProfile, contact: LinkContact, token: string) {
    const link = `${app.siteOrigin(request)}/family/sign-in?token=${token}`;
    return app.mailOutbox.sendNow({
      from: { name: `${school.name} website`, address: school.email },
      to: contact.email,
      subject: `Your sign-in link for ${school.name}`,
      text: [
        `Hello ${contact.name},`,
        '',
        `Here is your link to the family area of ${school.name}.`,
        `It works once, within ${LINK_MINUTES} minutes:`,
        '',
        link,
        '',
        'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
      ].join('\n'),
    });
  }

  const auditLink = (
    who: AuditWho,
    contact: { id: number; name: string; familyId: number },
    by: 'parent' | 'staff',
    mailed: boolean,
  ) =>
    audit(app.db, who, {
      action: 'family-sign-in-link',
      entity: 'family',
      entityId: contact.familyId,
      title: contact.name,
      details: { contact: contact.id, by, mailed },
    });

  app.post('/api/family/sign-in-link', async (request, reply) => {
    const { email } = FamilySignInLinkRequestSchema.parse(request.body);
    if (!app.mailOutbox.configured) throw new AppError(409, 'MAIL_NOT_CONFIGURED', LINK_UNAVAILABLE);
    const found = await requestSignInLink(app.db, email, request.ip);
    const school = await getSchoolProfile(app.db);
    if (found) {
      await auditLink({ userId: null, username: null, ip: request.ip }, found.contact, 'parent', true);
      // Not awaited: the answer takes as long whether or not a message goes.
      mailLink(request, school, found.contact, found.token).catch((err: unknown) =>
        request.log.warn({ err }, 'family sign-in e-mail failed'),
      );
    }
    return reply.code(202).send({ message: LINK_REQUESTED });
  });

  // The link's page asks for a click before it signs in: a mail scanner that opens every link
  // (GET) would otherwise use the one-time link up before the parent does (decision 0024).
  app.get('/family/sign-in', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    if (!FamilySignInTokenSchema.safeParse({ token }).success) return invalidPage(reply);
    return page(
      reply,
      200,
      'Sign in to the family area',
      `<form method="post" action="/family/sign-in"><input type="hidden" name="token" value="${escapeHtml(String(token))}">` +
        `<p>Press the button to sign in on this device. The link works once.</p><button type="submit">Sign in</button></form>`,
    );
  });

  await app.register(async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    form.post('/family/sign-in', async (request, reply) => {
      // Another site's form must not sign a parent's browser in as someone else.
      const origin = request.headers.origin;
      if (origin && origin !== app.siteOrigin(request) && origin !== `${request.protocol}://${request.host}`) {
        return page(reply, 403, 'Sign-in refused', '<p role="alert">Cross-site requests are not allowed.</p>');
      }
      const parsed = FamilySignInTokenSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalidPage(reply);
      try {
        const session = await signInWithLink(app.db, parsed.data.token, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        reply.setCookie(FAMILY_COOKIE, session.token, { ...cookieBase(request), expires: session.expiresAt });
        return reply.header('cache-control', 'private, no-store').redirect(FAMILY_HOME, 303);
      } catch (error) {
        if (error instanceof AppError && error.status === 429)
          return page(reply, 429, 'Please wait', `<p role="alert">${escapeHtml(error.message)}</p>`);
        if (error instanceof AppError && error.status === 400) return invalidPage(reply);
        throw error;
      }
    });
  });

  /** The signed-in parent behind the family cookie, or 401. */
  async function signedInContact(request: FastifyRequest) {
    const token = request.cookies[FAMILY_COOKIE];
    const session = token ? await contactForFamilySession(app.db, token) : null;
    if (!session) throw unauthorized();
    return session;
  }

  app.get('/api/family/me', async (request, reply) => {
    const session = await signedInContact(request);
    const me = await familyMe(app.db, session.contactId);
    if (!me) throw unauthorized();
    reply.header('cache-control', 'private, no-store');
    return { data: me };
  });

  app.post('/api/family/sign-out', async (request, reply) => {
    const token = request.cookies[FAMILY_COOKIE];
    const session = token ? await contactForFamilySession(app.db, token) : null;
    if (session) await deleteFamilySession(app.db, session.sessionId);
    reply.clearCookie(FAMILY_COOKIE, cookieBase(request));
    return { message: 'You are signed out.' };
  });

  // Staff pass a link on (a parent without e-mail, or a server that cannot send it): mailed when
  // the server can and the contact has an address, else answered for staff to pass on.
  app.post<{ Params: { id: string; contactId: string } }>(
    '/api/families/:id/contacts/:contactId/sign-in-link',
    { preHandler: canWrite },
    async (request, reply) => {
      const familyId = idParam(request.params.id, 'The family');
      const contactId = idParam(request.params.contactId, 'The contact');
      const contact = await familyContact(app.db, familyId, contactId);
      if (!contact) throw notFound('The contact');
      const token = await createSignInLink(app.db, contact.id, request.ip);
      const link = `${app.siteOrigin(request)}/family/sign-in?token=${token}`;
      let mailed = false;
      let message: string;
      if (app.mailOutbox.configured && contact.email) {
        try {
          await mailLink(request, await getSchoolProfile(app.db), contact as LinkContact, token);
          mailed = true;
        } catch (err) {
          request.log.warn({ err }, 'family sign-in e-mail failed');
        }
      }
      if (mailed) message = `A sign-in link was sent to ${contact.email}. It works once, within ${LINK_MINUTES} minutes.`;
      else
        message = `Pass this link on to ${contact.name} yourself: it works once, within ${LINK_MINUTES} minutes, and signs in whoever opens it.`;
      await auditLink(whoOf(request), contact, 'staff', mailed);
      reply.header('cache-control', 'private, no-store');
      return reply.code(201).send({ data: { mailed, link: mailed ? null : link, expiresInMinutes: LINK_MINUTES }, message });
    },
  );
}
