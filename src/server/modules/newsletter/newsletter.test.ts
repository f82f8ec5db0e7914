import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { SUBSCRIBE_ANSWER } from '../../../shared/schemas/newsletter-options.ts';
import { mailingRecipients, mailings, newsletterSubscribers } from '../../db/schema/index.ts';
import { changesPages } from '../../plugins/page-cache.ts';
import { buildTestApp, buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { createPost } from '../../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { FAMILY_COOKIE, createFamilySession } from '../family-auth/family-auth.service.ts';
import { subscriberToken } from '../mailings/subscriber-links.ts';
import { forgetUnconfirmed } from './newsletter.service.ts';
import { formToken, linkIn, mailTo, nextIp, subscribe } from './newsletter-test-kit.ts';

// Issue 33, the newsletter: a parent subscribes from the footer, confirms by the e-mailed link,
// receives the next post, leaves in one click from the mail (RFC 8058) and receives nothing more.

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
const [MAIN] = TEST_BRANCHES.map((b) => b.name) as [string];
const S = newsletterSubscribers;
const rowOf = async (email: string) =>
  (
    await app.db
      .select()
      .from(S)
      .where(sql`lower(${S.email}) = lower(${email})`)
  )[0];

beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SPROUT_MIN_FILL_MS = '200';
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url });
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
}, 60_000);
afterAll(async () => {
  delete process.env.SPROUT_MIN_FILL_MS;
  await app?.close();
  await smtp?.close();
});

const mailPost = (id: number) => app.inject({ method: 'POST', url: `/api/posts/${id}/newsletter`, headers: { cookie: admin } });

describe('subscribe, confirm, a post, one-click unsubscribe', () => {
  it('takes a parent from the footer form to the next post, and out again in one click', async () => {
    const email = 'Parent.One@example.test';
    const res = await subscribe(app, { email, topics: ['news', 'events'], branch: MAIN });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(SUBSCRIBE_ANSWER);
    expect(await rowOf(email)).toMatchObject({ state: 'pending', source: 'footer', consentAt: null, branch: MAIN });

    const [confirmation] = await mailTo(app, smtp, email);
    expect(confirmation!.subject).toMatch(/^Confirm your subscription/);
    const confirm = linkIn(confirmation!.text, '/newsletter/confirm');
    // Opening the link (as a mail scanner would) asks; only the button's POST confirms.
    const asked = await app.inject({ method: 'GET', url: `${confirm.pathname}${confirm.search}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['cache-control']).toBe('private, no-store');
    expect(asked.body).toContain('Yes, subscribe me');
    expect(asked.body).toContain(`action="/newsletter/confirm${confirm.search.replace(/&/g, '&amp;')}"`);
    expect(await rowOf(email)).toMatchObject({ state: 'pending', consentAt: null });
    const page = await app.inject({
      method: 'POST',
      url: `${confirm.pathname}${confirm.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('You’re subscribed');
    expect(await rowOf(email)).toMatchObject({ state: 'confirmed', consentSource: 'footer', consentAt: expect.any(Date) });

    const post = await createPost(app, {
      title: 'Sports day photos',
      excerpt: 'What a day it was.',
      coverImage: '/uploads/cover.webp',
    });
    const started = await mailPost(post.id);
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().data.recipients).toBeGreaterThanOrEqual(1);
    const [, news] = await mailTo(app, smtp, email, 2);
    expect(news!.subject).toBe('Sports day photos');
    expect(news!.text).toContain('What a day it was.');
    expect(news!.text).toMatch(/Read on the site: http:\/\/[^\s]+\/blog\/hello-/);
    expect(news!.html).toContain('/uploads/cover.webp');
    expect(news!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const unsubscribe = new URL(/^List-Unsubscribe:\s*<([^>]+)>/m.exec(news!.raw)![1]!);
    expect(unsubscribe.pathname).toBe('/newsletter/unsubscribe');

    // Started twice: the engine's 409.
    const again = await mailPost(post.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('MAILING_EXISTS');

    // A mail scanner opening the link unsubscribes nobody; the mail client's one-click POST does,
    // with no cookie, no Origin of this site and no form token.
    const shown = await app.inject({ method: 'GET', url: `${unsubscribe.pathname}${unsubscribe.search}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatch(/<form[^>]*method="post"/);
    expect((await rowOf(email))!.state).toBe('confirmed');
    const oneClick = await app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('You’re unsubscribed');
    expect(await rowOf(email)).toMatchObject({ state: 'unsubscribed', unsubscribedAt: expect.any(Date) });

    // The next post reaches everyone still subscribed, and not this parent.
    const before = smtp.received.length;
    const next = await createPost(app, { title: 'Next week' });
    expect((await mailPost(next.id)).statusCode).toBe(201);
    await Promise.all([app.mailOutbox.settle(), app.mailings.settle()]);
    expect(smtp.received.slice(before).filter((m) => m.to.includes(email.toLowerCase()) || m.to.includes(email))).toEqual([]);
  });

  it('takes the one-click POST as multipart form data too, and again after it left', async () => {
    const [row] = await app.db
      .insert(S)
      .values({ email: 'multi@example.test', topics: ['news'], state: 'confirmed', source: 'blog' })
      .returning();
    const url = `/newsletter/unsubscribe?t=${await subscriberToken(app.db, 'unsubscribe', row!.id)}`;
    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf('multi@example.test'))!.state).toBe('unsubscribed');
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(200);
  });
});

describe('links that are forged, expired or of nobody', () => {
  it('answers the same page, 400, whether or not the address is known', async () => {
    const [row] = await app.db
      .insert(S)
      .values({ email: 'known@example.test', topics: ['news'], source: 'footer' })
      .returning();
    const week = 8 * 24 * 60 * 60 * 1000;
    const pages = await Promise.all(
      [
        'not-a-token',
        `${row!.id}.0.${'A'.repeat(43)}`,
        await subscriberToken(app.db, 'confirm', row!.id, Date.now() - week), // expired
        await subscriberToken(app.db, 'confirm', 987654), // nobody
        await subscriberToken(app.db, 'unsubscribe', row!.id), // another link's purpose
      ].flatMap((t) => [
        app.inject({ method: 'GET', url: `/newsletter/confirm?t=${encodeURIComponent(t)}` }),
        app.inject({ method: 'POST', url: `/newsletter/confirm?t=${encodeURIComponent(t)}` }),
      ]),
    );
    for (const page of pages) {
      expect(page.statusCode).toBe(400);
      expect(page.body).toBe(pages[0]!.body);
    }
    expect(pages[0]!.body).toContain('This link is no longer valid');
    expect((await rowOf('known@example.test'))!.state).toBe('pending');
    const forged = await app.inject({ method: 'POST', url: `/newsletter/unsubscribe?t=${row!.id}.0.${'B'.repeat(43)}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe(pages[0]!.body);
    expect((await app.inject({ method: 'GET', url: '/newsletter/unsubscribe' })).body).toBe(pages[0]!.body);
  });
});

describe('POST /api/newsletter/subscribe', () => {
  it('refuses an invalid address, a topic it does not have, none at all, and a branch the school has not', async () => {
    const bad = await subscribe(app, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe('Enter a valid e-mail address, like name@example.com.');
    expect((await subscribe(app, { email: 'a@example.test', topics: [] })).json().fields.topics).toMatch(/at least one/);
    expect((await subscribe(app, { email: 'a@example.test', topics: ['gossip'] })).statusCode).toBe(400);
    const branch = await subscribe(app, { email: 'a@example.test', branch: 'Atlantis' });
    expect(branch.statusCode).toBe(400);
    expect(branch.json().fields.branch).toContain(MAIN);
    expect(await rowOf('a@example.test')).toBeUndefined();
  });

  it('answers alike for a new and a subscribed address; the note goes to the address', async () => {
    await app.db.insert(S).values({ email: 'already@example.test', topics: ['events'], state: 'confirmed', source: 'blog' });
    const known = await subscribe(app, { email: 'already@example.test', topics: ['news'] });
    const unknown = await subscribe(app, { email: 'fresh@example.test', topics: ['news'] });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    const [note] = await mailTo(app, smtp, 'already@example.test');
    expect(note!.subject).toMatch(/already subscribed/);
    expect(note!.text).toMatch(/\/newsletter\/unsubscribe\?t=/);
    // A stranger cannot change a confirmed subscriber's choices.
    expect(await rowOf('already@example.test')).toMatchObject({ state: 'confirmed', topics: ['events'] });
  });

  it('has the enquiry forms’ spam guards: honeypot, form token, minimum fill time, and the per-network limit', async () => {
    const base = { email: 'guarded@example.test', topics: ['news'], source: 'blog' };
    const post = (payload: object, from: string) =>
      app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload, remoteAddress: from });
    const honeypot = await subscribe(app, { ...base, website: 'http://spam.test' });
    expect(honeypot.statusCode).toBe(202);
    expect(await rowOf(base.email)).toBeUndefined();
    const noToken = await post(base, nextIp());
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().code).toBe('FORM_TOKEN_INVALID');
    const quick = await post({ ...base, formToken: await formToken(app, 0) }, nextIp());
    expect(quick.statusCode).toBe(400);
    expect(quick.json().message).toMatch(/^That was quick/);
    const from = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await subscribe(app, { ...base, email: `limit${i}@example.test` }, from)).statusCode).toBe(202);
    const over = await subscribe(app, { ...base, email: 'limit5@example.test' }, from);
    expect(over.statusCode).toBe(429);
    expect(await rowOf('limit5@example.test')).toBeUndefined();
  });

  it('leaves the cached public pages as they are (anyone can subscribe)', () => {
    expect(changesPages('POST', '/api/newsletter/subscribe')).toBe(false);
    expect(changesPages('POST', '/api/posts')).toBe(true);
    // E-mailing what is published changes no page.
    for (const url of ['/api/posts/3/newsletter', '/api/notices/4/email', '/api/mailings/5/retry-failed', '/api/mailings/test'])
      expect(changesPages('POST', url), url).toBe(false);
    expect(changesPages('PUT', '/api/mailings/settings')).toBe(false);
    expect(changesPages('PUT', '/api/notices/4')).toBe(true);
  });

  it('says the newsletter is not available when the server cannot send e-mail (409)', async () => {
    const bare = await buildTestApp();
    try {
      await installTestSchool(bare);
      const res = await subscribe(bare, { email: 'nomail@example.test' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/newsletter is not available/);
    } finally {
      await bare.close();
    }
  });
});

describe('unconfirmed subscribers', () => {
  it('are forgotten after 7 days; confirmed and unsubscribed ones stay', async () => {
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    await app.db.insert(S).values([
      { email: 'old.pending@example.test', topics: ['news'], source: 'footer', createdAt: days(8) },
      { email: 'new.pending@example.test', topics: ['news'], source: 'footer', createdAt: days(6) },
      { email: 'old.confirmed@example.test', topics: ['news'], source: 'footer', state: 'confirmed', createdAt: days(30) },
      { email: 'old.left@example.test', topics: ['news'], source: 'footer', state: 'unsubscribed', createdAt: days(30) },
    ]);
    expect(await forgetUnconfirmed(app.db)).toBeGreaterThanOrEqual(1);
    expect(await rowOf('old.pending@example.test')).toBeUndefined();
    for (const kept of ['new.pending', 'old.confirmed', 'old.left']) expect(await rowOf(`${kept}@example.test`)).toBeDefined();
  });
});

describe('the family area’s Newsletter page', () => {
  it('lets a signed-in parent subscribe without a confirmation e-mail, change topics and leave', async () => {
    const fam = await app.inject({
      method: 'POST',
      url: '/api/families',
      headers: { cookie: admin },
      payload: {
        name: 'Newsletter family',
        contacts: [{ name: 'Asha', email: 'asha@example.test', isPrimary: true }],
        children: [
          { firstName: 'Ravi', birthDate: '2022-03-14', branch: MAIN, programme: SITE_DEFAULTS.programs.programmes[0]!.key },
        ],
      },
    });
    expect(fam.statusCode, fam.body).toBe(201);
    const { token } = await createFamilySession(app.db, fam.json().data.contacts[0].id);
    const cookie = `${FAMILY_COOKIE}=${token}`;
    const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/family/newsletter',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(body).toString(),
      });
    const page = await app.inject({ method: 'GET', url: '/family/newsletter', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are not subscribed');
    expect(page.body).toContain('asha@example.test');

    const before = smtp.received.length;
    const saved = await form({ action: 'save', news: 'yes' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/family/newsletter?saved=1');
    expect(await rowOf('asha@example.test')).toMatchObject({
      state: 'confirmed',
      topics: ['news'],
      consentSource: 'family-area',
    });
    await app.mailOutbox.settle();
    expect(smtp.received.length).toBe(before);

    expect((await form({ action: 'save' })).statusCode).toBe(400);
    expect((await form({ action: 'save', events: 'yes' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await form({ action: 'save', events: 'yes', branch: MAIN })).statusCode).toBe(303);
    expect(await rowOf('asha@example.test')).toMatchObject({ topics: ['events'], branch: MAIN });
    expect((await form({ action: 'leave' })).headers.location).toBe('/family/newsletter?saved=left');
    expect((await rowOf('asha@example.test'))!.state).toBe('unsubscribed');
    const signedOut = await app.inject({ method: 'GET', url: '/family/newsletter' });
    expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, '/family']);
  });
});

describe('staff: subscribers and a post for families', () => {
  it('lists and searches subscribers with counts, deletes one, and refuses to mail a post for families only', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/newsletter/subscribers?q=ALREADY', headers: { cookie: admin } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((s: { email: string }) => s.email)).toEqual(['already@example.test']);
    expect(list.json().counts.confirmed).toBeGreaterThanOrEqual(1);
    const id = list.json().data[0].id as number;
    // A mailing that went to them names the address too: deleting forgets it there as well.
    const [mailing] = await app.db
      .insert(mailings)
      .values({
        kind: 'post',
        sourceKey: 'post:test-forget',
        subject: 'S',
        html: '<p>S</p>',
        text: 'S',
        audienceLabel: 'x',
        siteOrigin: 'http://x',
      })
      .returning();
    await app.db.insert(mailingRecipients).values([
      { mailingId: mailing!.id, email: 'Already@Example.test', subscriberId: id, state: 'sent' },
      { mailingId: mailing!.id, email: 'someone.else@example.test', state: 'sent' },
    ]);
    const del = (n: number) =>
      app.inject({ method: 'DELETE', url: `/api/newsletter/subscribers/${n}`, headers: { cookie: admin } });
    expect((await del(id)).statusCode).toBe(200);
    expect((await del(id)).statusCode).toBe(404);
    expect(await app.db.select().from(S).where(eq(S.id, id))).toEqual([]);
    const left = await app.db
      .select({ email: mailingRecipients.email })
      .from(mailingRecipients)
      .where(eq(mailingRecipients.mailingId, mailing!.id));
    expect(left).toEqual([{ email: 'someone.else@example.test' }]);
    const log = await app.inject({ method: 'GET', url: '/api/audit?entity=subscriber', headers: { cookie: admin } });
    expect(log.json().data.map((e: { entityId: string; title: string | null }) => [e.entityId, e.title])).toEqual([
      [String(id), null],
    ]);
    expect(log.body).not.toContain('already@example.test');

    const forFamilies = await createPost(app, { title: 'Families only', audience: 'families' });
    expect((await mailPost(forFamilies.id)).statusCode).toBe(409);
    const draft = await createPost(app, { title: 'Draft', status: 'draft', publishedAt: null });
    expect((await mailPost(draft.id)).json().message).toMatch(/Publish the post first/);
  });
});
