import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FamilySignInLinkRequestSchema, FamilySignInTokenSchema } from '../../../shared/schemas/family-auth.ts';
import { AppError, notFound, unauthorized } from '../../errors.ts';
import { audit, whoOf, type AuditWho } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { FamilyMessagePage } from '../../../client/features/family-area/family-pages.tsx';
import familyAreaRoutes, { acceptForms, crossSite, familySchool, sendFamilyPage } from '../family-area/family-area.routes.tsx';
import { getSchoolProfile } from '../site/site.service.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import {
  contactForFamilySession,
  contactHasAccess,
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

/** A page of one message in the family area's frame (no page cache, no referrer to other sites). */
async function page(
  app: FastifyInstance,
  reply: FastifyReply,
  status: number,
  title: string,
  content: { alert?: string; text?: string; token?: string },
) {
  return sendFamilyPage(
    app,
    reply,
    status,
    title,
    <FamilyMessagePage school={await familySchool(app, reply.request)} title={title} {...content} />,
  );
}

const invalidPage = (app: FastifyInstance, reply: FastifyReply, status = 400) =>
  page(app, reply, status, 'Sign-in link not valid', { alert: LINK_INVALID });

/**
 * Parents sign in without a password (issue 32; docs/decisions/0024-family-sign-in.md): a one-time
 * link by e-mail (15 minutes, once), a family session under its own cookie that the staff
 * authentication never reads, and a link staff can pass on when the server cannot send e-mail.
 */
export default async function familyAuthRoutes(app: FastifyInstance) {
  const canWrite = app.requirePermission('families', 'write');

  /**
   * A parent asks for a link (the API's JSON and the family area's form): the same answer for any
   * address, 409 when the site cannot send e-mail, 429 over the limits.
   */
  async function familySignInLink(request: FastifyRequest, body: unknown) {
    const { email } = FamilySignInLinkRequestSchema.parse(body ?? {});
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
  }
  // The family area's pages, whose sign-in form asks for a link the same way.
  await app.register(familyAreaRoutes, { signInLink: familySignInLink });

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
      // No parent's name (the log cannot be changed, and an erased family must leave none): the
      // contact's number, and the family's name read while it exists.
      details: { contact: contact.id, by, mailed },
    });

  app.post('/api/family/sign-in-link', async (request, reply) => {
    await familySignInLink(request, request.body);
    return reply.code(202).send({ message: LINK_REQUESTED });
  });

  // The link's page asks for a click before it signs in: a mail scanner that opens every link
  // (GET) would otherwise use the one-time link up before the parent does (decision 0024).
  app.get('/family/sign-in', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    if (!FamilySignInTokenSchema.safeParse({ token }).success) return invalidPage(app, reply);
    return page(app, reply, 200, 'Sign in to the family area', {
      text: 'Press the button to sign in on this device. The link works once.',
      token: String(token),
    });
  });

  await app.register(async (form) => {
    acceptForms(form);
    form.post('/family/sign-in', async (request, reply) => {
      // Another site's form must not sign a parent's browser in as someone else.
      if (crossSite(app, request)) {
        return page(app, reply, 403, 'Sign-in refused', { alert: 'Cross-site requests are not allowed.' });
      }
      const parsed = FamilySignInTokenSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalidPage(app, reply);
      try {
        const session = await signInWithLink(app.db, parsed.data.token, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        reply.setCookie(FAMILY_COOKIE, session.token, { ...cookieBase(request), expires: session.expiresAt });
        return reply.header('cache-control', 'private, no-store').redirect(FAMILY_HOME, 303);
      } catch (error) {
        if (error instanceof AppError && error.status === 429)
          return page(app, reply, 429, 'Please wait', { alert: error.message });
        if (error instanceof AppError && error.status === 400) return invalidPage(app, reply);
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
      if (!(await contactHasAccess(app.db, contact.id))) {
        throw new AppError(
          409,
          'FAMILY_ACCESS_ENDED',
          'This family’s access to the family area has ended: all its children left longer ago than Settings > Security allows. Change a leaving date or the period first.',
        );
      }
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
