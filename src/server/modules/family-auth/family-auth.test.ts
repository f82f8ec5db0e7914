import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSentence } from '../../../shared/audit-sentence.ts';
import type { AuditEntry } from '../../../shared/schemas/audit.ts';
import type { Family } from '../../../shared/schemas/family.ts';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { auditLog, children, familySessions, familySignInLinks } from '../../db/schema/index.ts';
import { buildTestApp, buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { dumpDatabase } from '../backups/database-dump.ts';
import { leftBefore } from '../families/retention.ts';
import { FAMILY_COOKIE, LINK_INVALID, LINKS_PER_EMAIL, LINKS_PER_IP, TOKEN_TRIES_PER_IP } from './family-auth.service.ts';
import { LINK_REQUESTED, LINK_UNAVAILABLE } from './family-auth.routes.tsx';

// Issue 32, "Parents sign in without a password": a one-time link (15 minutes, once), a family
// session of its own that never reaches staff routes, and a link staff pass on without SMTP.

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let ipCounter = 0;
/** Each test its own network address, so the per-address limits are met only where they are tested. */
const nextIp = () => `10.32.0.${++ipCounter}`;
const PROGRAMME = SITE_DEFAULTS.programs.programmes[0]!;
const [BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string];

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url });
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
}, 60_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
});

let seq = 0;
async function makeFamily(target = app, cookie = admin): Promise<Family> {
  seq += 1;
  const res = await target.inject({
    method: 'POST',
    url: '/api/families',
    headers: { cookie },
    payload: {
      name: `Family ${seq}`,
      contacts: [
        { name: `Parent ${seq}`, email: `parent${seq}@example.test`, isPrimary: true },
        { name: `Carer ${seq}`, phone: '+44 20 7946 0000' },
      ],
      children: [{ firstName: `Child${seq}`, lastName: 'X', birthDate: '2022-03-14', branch: BRANCH, programme: PROGRAMME.key }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Family;
}

const ask = (email: unknown, ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/family/sign-in-link', payload: { email }, remoteAddress: ip });
const signIn = (token: string, ip = nextIp(), target = app) =>
  target.inject({
    method: 'POST',
    url: '/family/sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
    remoteAddress: ip,
  });
const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
  const c = res.cookies.find((x) => x.name === FAMILY_COOKIE);
  return c ? `${FAMILY_COOKIE}=${c.value}` : '';
};

/** The link of the last e-mail to `address`. */
async function linkSentTo(address: string) {
  await app.mailOutbox.settle();
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  const parsed = await simpleParser(mail.raw);
  const link = /(https?:\/\/\S+\/family\/sign-in\?token=([\w-]+))/.exec(parsed.text ?? '')!;
  return { text: parsed.text!, url: link[1]!, token: link[2]! };
}

describe('asking for a sign-in link', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const family = await makeFamily();
    const email = family.contacts[0]!.email!;
    const known = await ask(email.toUpperCase());
    const unknown = await ask('nobody-here@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: LINK_REQUESTED });
    expect(unknown.json()).toEqual(known.json());
    const { text, url, token } = await linkSentTo(email);
    expect(text).toContain('within 15 minutes');
    expect(url).toMatch(/\/family\/sign-in\?token=[\w-]{43}$/);
    expect(smtp.received.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
    // Only the token's hash is kept, valid 15 minutes.
    const [row] = await app.db.select().from(familySignInLinks).where(eq(familySignInLinks.contactId, family.contacts[0]!.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(15 * 60_000, -3);
    expect(row!.usedAt).toBeNull();
  });

  it('names the field of a bad address', async () => {
    const res = await ask('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBeTruthy();
    expect((await ask(42)).json().fields.email).toBeTruthy();
  });

  it('limits links per address, known or not, and per network address', async () => {
    const family = await makeFamily();
    const email = family.contacts[0]!.email!;
    for (const address of [email, 'stranger@example.test']) {
      for (let i = 0; i < LINKS_PER_EMAIL.max; i++) expect((await ask(address)).statusCode).toBe(202);
      const over = await ask(address);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ip = nextIp();
    for (let i = 0; i < LINKS_PER_IP.max; i++) expect((await ask(`someone${i}@example.test`, ip)).statusCode).toBe(202);
    expect((await ask('one-more@example.test', ip)).statusCode).toBe(429);
  });
});

describe('signing in with the link', () => {
  it('shows a button first (a mail scanner’s GET uses nothing), then signs in once and opens /api/family/me', async () => {
    const family = await makeFamily();
    const email = family.contacts[0]!.email!;
    await ask(email);
    const { token } = await linkSentTo(email);
    const shown = await app.inject({ method: 'GET', url: `/family/sign-in?token=${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.headers['referrer-policy']).toBe('same-origin');
    expect(shown.body).toMatch(/<form[^>]*action="\/family\/sign-in"[^>]*method="post"[^>]*>/);
    expect(shown.cookies).toHaveLength(0);

    const done = await signIn(token);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/family');
    const cookie = done.cookies.find((c) => c.name === FAMILY_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(new Date(cookie.expires!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const me = await app.inject({ method: 'GET', url: '/api/family/me', headers: { cookie: cookieOf(done) } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect(me.json().data).toEqual({
      contact: { id: family.contacts[0]!.id, name: family.contacts[0]!.name },
      family: { id: family.id, name: family.name },
      children: [{ firstName: family.children[0]!.firstName, programme: PROGRAMME.key, programmeName: PROGRAMME.name }],
    });

    // Used once.
    const again = await signIn(token);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(LINK_INVALID);
    expect(again.cookies).toHaveLength(0);

    // Signing out ends the session.
    const out = await app.inject({ method: 'POST', url: '/api/family/sign-out', headers: { cookie: cookieOf(done) } });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/family/me', headers: { cookie: cookieOf(done) } })).statusCode).toBe(
      401,
    );
  });

  it('refuses an expired link, an edited one and a forged one, with a clear page', async () => {
    const family = await makeFamily();
    const email = family.contacts[0]!.email!;
    await ask(email);
    const { token } = await linkSentTo(email);
    const edited = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [edited, 'x'.repeat(43), 'short']) {
      const res = await signIn(bad);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(LINK_INVALID);
    }
    expect((await app.inject({ method: 'GET', url: '/family/sign-in' })).body).toContain(LINK_INVALID);
    await app.db
      .update(familySignInLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(familySignInLinks.contactId, family.contacts[0]!.id));
    const expired = await signIn(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain(LINK_INVALID);
    expect(await app.db.select().from(familySessions).where(eq(familySessions.contactId, family.contacts[0]!.id))).toEqual([]);
  });

  it('makes guessing tokens hopeless: 256 random bits, and a limit on wrong tries per network address', async () => {
    const family = await makeFamily();
    const email = family.contacts[0]!.email!;
    await ask(email);
    const { token } = await linkSentTo(email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const ip = nextIp();
    for (let i = 0; i < TOKEN_TRIES_PER_IP.max; i++)
      expect((await signIn(`guess-${i}-${'z'.repeat(40)}`, ip)).statusCode).toBe(400);
    // Over the limit, even the right token waits.
    const blocked = await signIn(token, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.cookies).toHaveLength(0);
    expect((await signIn(token)).statusCode).toBe(303);
  });

  it('refuses a sign-in posted from another site’s page', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/family/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'token=whatever',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a family session is not a staff session', () => {
  it('gets 401 on staff routes and the sign-in screen at /cms', async () => {
    const family = await makeFamily();
    const email = family.contacts[0]!.email!;
    await ask(email);
    const { token } = await linkSentTo(email);
    const parent = cookieOf(await signIn(token));
    expect(parent).toMatch(/^fsid=/);
    for (const url of [
      '/api/families',
      `/api/families/${family.id}`,
      '/api/auth/users',
      '/api/audit',
      '/api/enquiries',
      '/api/account/sessions',
      '/api/overview',
      '/api/backups',
      '/api/security',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: parent } });
      expect(res.statusCode, url).toBe(401);
    }
    const who = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: parent } });
    expect(who.json()).toEqual({ user: null });
    for (const url of ['/api/families', '/api/admin/galleries', '/api/users/create']) {
      const write = await app.inject({ method: 'POST', url, headers: { cookie: parent }, payload: {} });
      expect(write.statusCode, url).toBe(401);
    }
    // The same token as a staff cookie opens nothing either.
    const asStaff = parent.replace(/^fsid=/, 'sid=');
    expect((await app.inject({ method: 'GET', url: '/api/families', headers: { cookie: asStaff } })).statusCode).toBe(401);
    const cms = await app.inject({ method: 'GET', url: '/cms', headers: { cookie: parent } });
    const cmsSignedOut = await app.inject({ method: 'GET', url: '/cms' });
    expect(cms.statusCode).toBe(cmsSignedOut.statusCode);
    expect(cms.body).toBe(cmsSignedOut.body);
  });
});

describe('staff hand a link on', () => {
  it('without SMTP, answers the link for staff to pass on (families: write), and it signs in', async () => {
    const offline = await buildTestApp();
    try {
      const offAdmin = await sessionCookie(offline, (await installTestSchool(offline)).admin);
      const family = await makeFamily(offline, offAdmin);
      const contact = family.contacts[1]!; // a phone only
      const url = `/api/families/${family.id}/contacts/${contact.id}/sign-in-link`;
      const teacher = await sessionCookie(offline, await createUser(offline, { role: 'user' }));
      expect((await offline.inject({ method: 'POST', url, headers: { cookie: teacher } })).statusCode).toBe(403);
      expect((await offline.inject({ method: 'POST', url })).statusCode).toBe(401);
      expect(
        (
          await offline.inject({
            method: 'POST',
            url: `/api/families/${family.id}/contacts/999999/sign-in-link`,
            headers: { cookie: offAdmin },
          })
        ).statusCode,
      ).toBe(404);
      const manager = await sessionCookie(offline, await createUser(offline, { role: 'manager' }));
      const res = await offline.inject({ method: 'POST', url, headers: { cookie: manager } });
      expect(res.statusCode).toBe(201);
      const { data, message } = res.json();
      expect(data.mailed).toBe(false);
      expect(data.link).toMatch(/\/family\/sign-in\?token=[\w-]{43}$/);
      expect(message).toContain(contact.name);
      // A parent asking is told the site cannot send e-mail.
      const asked = await offline.inject({
        method: 'POST',
        url: '/api/family/sign-in-link',
        payload: { email: family.contacts[0]!.email },
      });
      expect(asked.statusCode).toBe(409);
      expect(asked.json().message).toBe(LINK_UNAVAILABLE);

      const token = new URL(data.link).searchParams.get('token')!;
      const done = await signIn(token, nextIp(), offline);
      expect(done.statusCode).toBe(303);
      const me = await offline.inject({ method: 'GET', url: '/api/family/me', headers: { cookie: cookieOf(done) } });
      expect(me.json().data.contact).toEqual({ id: contact.id, name: contact.name });

      const [entry] = await offline.db.select().from(auditLog).where(eq(auditLog.action, 'family-sign-in-link'));
      expect(entry).toMatchObject({ entity: 'family', entityId: String(family.id), title: null });
      expect(entry!.details).toEqual({ contact: contact.id, by: 'staff', mailed: false });
      expect(entry!.userId).not.toBeNull();
      expect(auditSentence(entry as unknown as AuditEntry, { family: family.name })).toBe(
        `Made a sign-in link for a parent of the family “${family.name}”, to pass on`,
      );
    } finally {
      await offline.close();
    }
  });

  it('with SMTP, mails the link to a contact with an address and says so', async () => {
    const family = await makeFamily();
    const contact = family.contacts[0]!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/families/${family.id}/contacts/${contact.id}/sign-in-link`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ mailed: true, link: null });
    expect((await linkSentTo(contact.email!)).token).toHaveLength(43);
  });
});

describe('audit', () => {
  it('records every link sent to a parent who asked, without the address or the token', async () => {
    const family = await makeFamily();
    const contact = family.contacts[0]!;
    await ask(contact.email!);
    await ask('unknown-for-audit@example.test');
    const { token } = await linkSentTo(contact.email!);
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'family-sign-in-link'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const entry = rows[0]!;
    expect(entry).toMatchObject({ entity: 'family', entityId: String(family.id), title: null, userId: null });
    expect(entry.details).toEqual({ contact: contact.id, by: 'parent', mailed: true });
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify(entry)).not.toContain(contact.email!);
    expect(auditSentence(entry as unknown as AuditEntry, { family: family.name })).toBe(
      `A sign-in link was sent to a parent of the family “${family.name}”`,
    );
  });
});

describe('after the children leave (retention, decision 27)', () => {
  /** 'YYYY-MM-DD', `days` from today (negative: in the past). */
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const leaving = (familyId: number, date: string | null) =>
    app.db.update(children).set({ leavingDate: date }).where(eq(children.familyId, familyId));
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/family/me', headers: { cookie } });
  const linksOf = async (contactId: number) =>
    (await app.db.select().from(familySignInLinks).where(eq(familySignInLinks.contactId, contactId))).length;
  const mailsTo = async (address: string) => {
    await app.mailOutbox.settle();
    return smtp.received.filter((m) => m.to.includes(address)).length;
  };

  it('a family whose children all left longer ago than the period gets no link, no sign-in and no session', async () => {
    const family = await makeFamily();
    const contact = family.contacts[0]!;
    await ask(contact.email!);
    const session = cookieOf(await signIn((await linkSentTo(contact.email!)).token));
    await ask(contact.email!);
    const pending = (await linkSentTo(contact.email!)).token;
    expect((await me(session)).statusCode).toBe(200);

    // The default period is 3 months; the child left 200 days ago.
    expect(leftBefore({ amount: 3, unit: 'months' }) > day(-200)).toBe(true);
    await leaving(family.id, day(-200));
    expect((await me(session)).statusCode).toBe(401);
    const refused = await signIn(pending);
    expect(refused.statusCode).toBe(400);
    expect(refused.cookies).toHaveLength(0);

    const [links, mails] = [await linksOf(contact.id), await mailsTo(contact.email!)];
    const asked = await ask(contact.email!);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual((await ask('nobody-at-all@example.test')).json());
    expect(await linksOf(contact.id)).toBe(links);
    expect(await mailsTo(contact.email!)).toBe(mails);
    // Staff are told at once, rather than making a link that would be refused.
    const byStaff = await app.inject({
      method: 'POST',
      url: `/api/families/${family.id}/contacts/${contact.id}/sign-in-link`,
      headers: { cookie: admin },
    });
    expect(byStaff.statusCode).toBe(409);
    expect(byStaff.json().message).toContain('access to the family area has ended');
    expect(await linksOf(contact.id)).toBe(links);

    // A longer period (Settings > Security) gives the same session back.
    const longer = await app.inject({
      method: 'PUT',
      url: '/api/security/settings',
      headers: { cookie: admin },
      payload: { familyAccessAfterLeaving: { amount: 12, unit: 'months' } },
    });
    expect(longer.statusCode, longer.body).toBe(200);
    try {
      expect((await me(session)).statusCode).toBe(200);
    } finally {
      await app.inject({
        method: 'PUT',
        url: '/api/security/settings',
        headers: { cookie: admin },
        payload: { familyAccessAfterLeaving: { amount: 3, unit: 'months' } },
      });
    }
  });

  it('keeps access while a child stays, has not yet left, or left within the period', async () => {
    for (const [label, other] of [
      ['no leaving date', null],
      ['leaving next month', day(30)],
      ['left a month ago', day(-30)],
    ] as const) {
      const family = await makeFamily();
      const contact = family.contacts[0]!;
      await leaving(family.id, day(-400));
      await app.db.insert(children).values({
        familyId: family.id,
        firstName: 'Sibling',
        birthDate: '2023-01-01',
        branch: BRANCH,
        programme: PROGRAMME.key,
        leavingDate: other,
      });
      await ask(contact.email!);
      const done = await signIn((await linkSentTo(contact.email!)).token);
      expect(done.statusCode, label).toBe(303);
      expect((await me(cookieOf(done))).statusCode, label).toBe(200);
    }
  });
});

describe('backups', () => {
  it('carry no family session and no sign-in link', async () => {
    const family = await makeFamily();
    await ask(family.contacts[0]!.email!);
    const { token } = await linkSentTo(family.contacts[0]!.email!);
    expect((await signIn(token)).statusCode).toBe(303);
    const dir = mkdtempSync(join(tmpdir(), 'sprout-family-auth-'));
    try {
      const { tables } = await dumpDatabase(app.db, dir);
      const byName = new Map(tables.map((t) => [t.name, t]));
      for (const name of ['family_sessions', 'family_sign_in_links']) {
        expect(byName.get(name), name).toMatchObject({ kept: false, rows: 0 });
      }
      expect(byName.get('family_contacts')!.kept).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
