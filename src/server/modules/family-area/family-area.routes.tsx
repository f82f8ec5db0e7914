import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import {
  FamilyChildrenPage,
  FamilyGalleryPage,
  FamilyHomePage,
  FamilyNotFoundPage,
  FamilyNotices,
  FamilyPostPage,
  FamilySignInPage,
  type FamilyChildView,
  type FamilySchool,
  type FamilyViewer,
} from '../../../client/features/family-area/family-pages.tsx';
import { CONSENT_PURPOSES, type ConsentRecord, type Family } from '../../../shared/schemas/family.ts';
import { AppError, notFound } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { consentHistory, getFamily, recordConsent } from '../families/families.service.ts';
import { contactForFamilySession, deleteFamilySession, FAMILY_COOKIE } from '../family-auth/family-auth.service.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { familyCalendarEvents, familyEvents, familyPost, familyPosts, type FamilyGroup } from '../families/family-content.ts';
import { familyBanners } from '../notices/notices.service.ts';
import { icsCalendar } from '../feeds/feeds.service.ts';
import {
  contactOf,
  familyForCalendar,
  familyGroups,
  familyGalleries,
  familyGallery,
  groupsOf,
  hasCalendarToken,
  newCalendarToken,
  stopCalendarToken,
} from './family-area.service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Form posts (urlencoded, small) for the family pages: no script, so plain HTML forms. */
export function acceptForms(instance: FastifyInstance) {
  instance.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** A form posted from another site's page (login CSRF, a consent changed behind a parent's back). */
export const crossSite = (app: FastifyInstance, request: FastifyRequest) => {
  const origin = request.headers.origin;
  return Boolean(origin && origin !== app.siteOrigin(request) && origin !== `${request.protocol}://${request.host}`);
};

const ConsentFormSchema = z.object({
  website: z.enum(['yes', 'no'], 'Choose yes or no for the public website.'),
  families: z.enum(['yes', 'no'], 'Choose yes or no for the family area.'),
  none: z.literal('yes').optional(),
});

const schools = new WeakMap<FastifyRequest, Promise<FamilySchool>>();

/** The school's name and clock, read once per request. */
export function familySchool(app: FastifyInstance, request: FastifyRequest): Promise<FamilySchool> {
  let school = schools.get(request);
  if (!school) {
    school = getSchoolProfile(app.db).then((profile) => ({ name: profile.name, timeZone: profile.timezone }));
    schools.set(request, school);
  }
  return school;
}

/** The signed-in family's groups, for the notices of every page it is sent (issue 33). */
const familyGroupsOf = new WeakMap<FastifyRequest, FamilyGroup[]>();

/**
 * A family page: drawn on the server with the public stylesheet and no script, never kept by a
 * cache, indexed by no search engine, and its address (a sign-in link's token) told to no other site.
 */
export async function sendFamilyPage(
  app: FastifyInstance,
  reply: FastifyReply,
  status: number,
  title: string,
  page: ReactElement,
) {
  const groups = familyGroupsOf.get(reply.request);
  const [s, notices] = await Promise.all([familySchool(app, reply.request), groups ? familyBanners(app.db, groups) : []]);
  const head = `<title>${escapeHtml(`${title} | ${s.name}`)}</title>\n    <meta name="robots" content="noindex" />`;
  const html = renderToStaticMarkup(<FamilyNotices.Provider value={notices}>{page}</FamilyNotices.Provider>);
  const body = app.scriptlessPage
    ? await app.scriptlessPage(head, html)
    : `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${html}</body></html>`;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'same-origin')
    .header('x-robots-tag', 'noindex')
    .send(body);
}

const NOT_SIGNED_IN = 'Your session has ended: sign in again with a new link.';

/**
 * The signed-in parent and their family's children and groups, or null (the cookie is then
 * cleared). The family area's pages ask it, and the newsletter's (issue 33).
 */
export async function familySignedIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[FAMILY_COOKIE];
  const session = token ? await contactForFamilySession(app.db, token) : null;
  const contact = session && (await contactOf(app.db, session.contactId));
  const family = contact && (await familyGroups(app.db, contact.familyId));
  if (!session || !contact || !family) {
    if (token) reply.clearCookie(FAMILY_COOKIE, { path: '/' });
    return null;
  }
  const viewer: FamilyViewer = { name: contact.name, familyName: family.name };
  familyGroupsOf.set(request, groupsOf(family));
  return { session, contact, family, viewer };
}

/**
 * The family area (issue 32): pages drawn on the server for a signed-in parent (family cookie,
 * decision 24), never cached, with the galleries of their children's groups as signed links
 * (private media, decision 28) and the photo consents a parent changes. Registered by the
 * family sign-in module, which gives the way to ask for a sign-in link.
 */
export default async function familyAreaRoutes(
  app: FastifyInstance,
  opts: { signInLink: (request: FastifyRequest, body: unknown) => Promise<void> },
) {
  acceptForms(app);

  const school = (reply: FastifyReply) => familySchool(app, reply.request);
  const send = (reply: FastifyReply, status: number, title: string, page: ReactElement) =>
    sendFamilyPage(app, reply, status, title, page);

  const signedIn = (request: FastifyRequest, reply: FastifyReply) => familySignedIn(app, request, reply);

  /** As signedIn, with the whole family (consents included) for the children's page and its form. */
  async function signedInWithConsents(request: FastifyRequest, reply: FastifyReply) {
    const who = await signedIn(request, reply);
    const family = who && (await getFamily(app.db, who.family.id));
    return who && family ? { ...who, family } : null;
  }
  type SignedIn = NonNullable<Awaited<ReturnType<typeof signedIn>>>;

  const signInPage = async (reply: FastifyReply, status: number, props: { message?: string; error?: string; email?: string }) =>
    send(reply, status, 'Family area', <FamilySignInPage school={await school(reply)} {...props} />);

  /** The home page; `calendarAddress` once, right after the parent made one. */
  async function homePage(reply: FastifyReply, who: SignedIn, calendarAddress: string | null = null) {
    const groups = groupsOf(who.family);
    const [galleries, posts, events, calendarActive] = await Promise.all([
      familyGalleries(app.db, app.privateMedia.links, groups, (await app.privateMedia.files()).hidden),
      familyPosts(app.db, groups, { limit: 5, offset: 0 }),
      familyEvents(app.db, groups, { from: new Date(), limit: 8 }),
      hasCalendarToken(app.db, who.contact.id),
    ]);
    return send(
      reply,
      200,
      'Family area',
      <FamilyHomePage
        school={await school(reply)}
        viewer={who.viewer}
        childNames={who.family.children.map((c) => c.firstName)}
        galleries={galleries}
        posts={posts.items}
        events={events.map((e) => ({
          title: e.title,
          startDate: e.startDate,
          location: e.location,
          forFamilies: e.audience !== 'everyone',
          href: e.audience === 'everyone' ? `/event/${e.slug ?? e.id}` : null,
        }))}
        calendar={{ active: calendarActive, address: calendarAddress }}
      />,
    );
  }

  app.get('/family', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return signInPage(reply, 200, {});
    return homePage(reply, who);
  });

  app.get<{ Params: { slug: string } }>('/family/posts/:slug', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return signInPage(reply, 401, { error: NOT_SIGNED_IN });
    const post = await familyPost(app.db, groupsOf(who.family), request.params.slug.slice(0, 200));
    if (!post) return send(reply, 404, 'Not found', <FamilyNotFoundPage school={await school(reply)} viewer={who.viewer} />);
    return send(
      reply,
      200,
      post.title,
      <FamilyPostPage
        school={await school(reply)}
        viewer={who.viewer}
        title={post.title}
        publishedAt={post.publishedAt}
        html={post.content}
      />,
    );
  });

  // The private calendar address: a new one replaces the old (shown once), or it is stopped.
  app.post('/family/calendar', async (request, reply) => {
    if (crossSite(app, request)) throw new AppError(403, 'CROSS_SITE', 'Cross-site requests are not allowed.');
    const who = await signedIn(request, reply);
    if (!who) return signInPage(reply, 401, { error: NOT_SIGNED_IN });
    const token = await newCalendarToken(app.db, who.contact.id);
    return homePage(reply, who, `${app.siteOrigin(request)}/family/calendar/${token}.ics`);
  });

  app.post('/family/calendar/stop', async (request, reply) => {
    if (crossSite(app, request)) throw new AppError(403, 'CROSS_SITE', 'Cross-site requests are not allowed.');
    const who = await signedIn(request, reply);
    if (!who) return signInPage(reply, 401, { error: NOT_SIGNED_IN });
    await stopCalendarToken(app.db, who.contact.id);
    return reply.header('cache-control', 'private, no-store').redirect('/family', 303);
  });

  // The feed itself: read by calendar apps, without a session; the secret address is the key.
  app.get<{ Params: { token: string } }>('/family/calendar/:token.ics', async (request, reply) => {
    const familyId = await familyForCalendar(app.db, request.params.token);
    const family = familyId === null ? null : await getFamily(app.db, familyId);
    if (!family) throw notFound('The calendar');
    const [profile, calendar] = await Promise.all([getSchoolProfile(app.db), familyCalendarEvents(app.db, groupsOf(family))]);
    const body = await icsCalendar(app.siteOrigin(request), profile, calendar, `${profile.name}: ${family.name}`);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-disposition', 'inline; filename="family-calendar.ics"')
      .send(body);
  });

  app.get<{ Params: { id: string } }>('/family/galleries/:id', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return signInPage(reply, 401, { error: NOT_SIGNED_IN });
    const { hidden } = await app.privateMedia.files();
    const gallery = await familyGallery(app.db, app.privateMedia.links, groupsOf(who.family), Number(request.params.id), hidden);
    if (!gallery) return send(reply, 404, 'Not found', <FamilyNotFoundPage school={await school(reply)} viewer={who.viewer} />);
    return send(reply, 200, gallery.title, <FamilyGalleryPage school={await school(reply)} viewer={who.viewer} {...gallery} />);
  });

  async function childrenPage(
    reply: FastifyReply,
    status: number,
    who: { family: Family; viewer: FamilyViewer },
    alert: { saved?: string; error?: string },
  ) {
    const kids = await Promise.all(who.family.children.map(async (c) => childView(c, await consentHistory(app.db, c.id))));
    return send(
      reply,
      status,
      'Children and consent',
      <FamilyChildrenPage school={await school(reply)} viewer={who.viewer} kids={kids} {...alert} />,
    );
  }

  app.get('/family/children', async (request, reply) => {
    const who = await signedInWithConsents(request, reply);
    if (!who) return signInPage(reply, 401, { error: NOT_SIGNED_IN });
    const saved = (request.query as { saved?: string }).saved;
    return childrenPage(reply, 200, who, saved ? { saved: 'Your choices are saved.' } : {});
  });

  app.post<{ Params: { id: string } }>('/family/children/:id/consents', async (request, reply) => {
    if (crossSite(app, request)) throw new AppError(403, 'CROSS_SITE', 'Cross-site requests are not allowed.');
    const who = await signedInWithConsents(request, reply);
    if (!who) return signInPage(reply, 401, { error: NOT_SIGNED_IN });
    const child = who.family.children.find((c) => String(c.id) === request.params.id);
    // Another family's child is no child of this page: the same answer as a child that does not exist.
    if (!child) return send(reply, 404, 'Not found', <FamilyNotFoundPage school={await school(reply)} viewer={who.viewer} />);
    const parsed = ConsentFormSchema.safeParse(request.body ?? {});
    if (!parsed.success) return childrenPage(reply, 400, who, { error: parsed.error.issues[0]!.message });
    const wanted = {
      website: parsed.data.website === 'yes',
      families: parsed.data.families === 'yes',
      none: parsed.data.none === 'yes',
    };
    let changed = 0;
    for (const purpose of CONSENT_PURPOSES) {
      const now = child.consents[purpose]?.granted === true;
      if (now === wanted[purpose]) continue;
      await recordConsent(
        app.db,
        child.id,
        { purpose, granted: wanted[purpose], source: 'Family area' },
        { kind: 'parent', id: who.contact.id },
      );
      await audit(
        app.db,
        { userId: null, username: null, ip: request.ip },
        {
          action: 'consent-change',
          entity: 'child',
          entityId: child.id,
          details: { purpose, granted: wanted[purpose], family: who.family.id, by: 'parent' },
        },
      );
      changed++;
    }
    // Photos this consent no longer allows stop being served, on every instance (private media).
    if (changed) app.siteChanges.publish('/api/families/consents');
    return reply.header('cache-control', 'private, no-store').redirect('/family/children?saved=1', 303);
  });

  app.post('/family/sign-in-link', async (request, reply) => {
    if (crossSite(app, request)) throw new AppError(403, 'CROSS_SITE', 'Cross-site requests are not allowed.');
    const email = String((request.body as { email?: unknown } | undefined)?.email ?? '').slice(0, 320);
    try {
      await opts.signInLink(request, request.body);
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        return signInPage(reply, error.status, { error: error.message, email });
      if (error instanceof z.ZodError) return signInPage(reply, 400, { error: error.issues[0]!.message, email });
      throw error;
    }
    return signInPage(reply, 200, {
      message:
        'If this address belongs to a family of the school, a sign-in link is on its way. It works once, within 15 minutes.',
    });
  });

  app.post('/family/sign-out', async (request, reply) => {
    if (crossSite(app, request)) throw new AppError(403, 'CROSS_SITE', 'Cross-site requests are not allowed.');
    const token = request.cookies[FAMILY_COOKIE];
    const session = token ? await contactForFamilySession(app.db, token) : null;
    if (session) await deleteFamilySession(app.db, session.sessionId);
    reply.clearCookie(FAMILY_COOKIE, { path: '/' });
    return signInPage(reply, 200, { message: 'You are signed out.' });
  });
}

/** A child as the consent page shows it, with who last recorded each consent and when. */
function childView(c: Family['children'][number], history: ConsentRecord[]): FamilyChildView {
  const latest = new Map<string, ConsentRecord>();
  for (const r of history) if (!latest.has(r.purpose)) latest.set(r.purpose, r);
  const words = { website: 'Public website', families: 'Family area', none: 'No images anywhere' } as const;
  const notes = [...latest.values()].map(
    (r) =>
      `${words[r.purpose]}: ${r.granted ? 'yes' : 'no'}, recorded ${r.recordedAt.slice(0, 10)} by ${
        r.recordedByKind === 'parent' ? 'a parent' : 'the school'
      }.`,
  );
  return {
    id: c.id,
    name: `${c.firstName} ${c.lastName}`.trim(),
    birthDate: c.birthDate,
    programmeName: c.programmeName,
    branch: c.branch,
    startDate: c.startDate,
    leavingDate: c.leavingDate,
    consents: {
      website: c.consents.website?.granted === true,
      families: c.consents.families?.granted === true,
      none: c.consents.none?.granted === true,
    },
    consentNotes: notes,
  };
}
