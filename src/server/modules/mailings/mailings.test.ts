import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, newsletterSubscribers } from '../../db/schema/index.ts';
import { buildTestApp, buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { startMailing, type NewMailing } from './mailings.service.ts';
import { readSubscriberToken } from './subscriber-links.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
let bare: FastifyInstance;
let admin: string;
let reader: string;
let outsider: string;
let adminEmail: string;

const ORIGIN = 'https://school.test';
let keys = 0;
const mailing = (over: Partial<NewMailing> = {}): NewMailing => ({
  kind: 'post',
  sourceKey: `post:${++keys}`,
  subject: 'Sports day on Friday',
  html: '<p>Bring a <strong>water bottle</strong>.</p>',
  text: 'Bring a water bottle.',
  operational: false,
  audienceLabel: 'Subscribers to news',
  siteOrigin: ORIGIN,
  createdBy: null,
  ...over,
});

/** Subscribers `tag-1@…` … `tag-n@…`, confirmed unless said; the query the contract asks for. */
async function subscribers(tag: string, n: number, state: 'confirmed' | 'pending' | 'unsubscribed' = 'confirmed') {
  await app.db.insert(newsletterSubscribers).values(
    Array.from({ length: n }, (_, i) => ({
      email: `${tag}-${i + 1}@families.test`,
      topics: ['news' as const],
      state,
      source: 'test',
    })),
  );
  return sql`select email, null as name, id as subscriber_id from newsletter_subscribers where email like ${`${tag}-%`}`;
}

const to = (tag: string) => smtp.received.filter((m) => m.to.some((a) => a.startsWith(`${tag}-`)));
const messageIdOf = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim();
const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const detail = async (id: number) => (await app.inject({ url: `/api/mailings/${id}`, headers: { cookie: admin } })).json().data;
const finished = (id: number) => until(async () => (await detail(id)).state === 'done');

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url, SPROUT_MAILING_RATE: '60000', SPROUT_MAILING_RETRY_MS: '30' });
  bare = await buildTestApp();
  await app.ready();
  const installed = await installTestSchool(app);
  admin = await sessionCookie(app, installed.admin);
  adminEmail = installed.admin.email;
  reader = await sessionCookie(app, await createUser(app, { role: null, permissions: { notices: { read: true } } }));
  outsider = await sessionCookie(app, await createUser(app, { role: null }));
  await installTestSchool(bare);
});
afterAll(async () => {
  await app?.close();
  await bare?.close();
  await smtp?.close();
});

describe('startMailing', () => {
  it('sends each recipient one copy: HTML and text, the layout, List-Unsubscribe and one-click', async () => {
    const started = await startMailing(app, mailing(), await subscribers('news', 12));
    expect(started.recipients).toBe(12);
    await finished(started.id);
    const copies = to('news');
    expect(copies).toHaveLength(12);
    expect(new Set(copies.map((m) => m.to[0])).size).toBe(12);
    const parsed = await simpleParser(copies[0]!.raw);
    expect(parsed.subject).toBe('Sports day on Friday');
    expect(parsed.text).toContain('Bring a water bottle.');
    expect(parsed.text).toMatch(/Unsubscribe: https:\/\/school\.test\/newsletter\/unsubscribe\?t=/);
    expect(parsed.html).toContain('<strong>water bottle</strong>');
    expect(parsed.html).toContain('Unsubscribe</a>');
    expect(copies[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = /<(https:\/\/school\.test\/newsletter\/unsubscribe\?t=([^>]+))>/.exec(copies[0]!.raw)!;
    const subscriberId = await readSubscriberToken(app.db, 'unsubscribe', link[2]!);
    expect(subscriberId).toBeGreaterThan(0);
    expect(messageIdOf(copies[0]!.raw)).toMatch(new RegExp(`^<mailing-${started.id}-\\d+@school\\.test>$`));
    expect(copies.every((m) => Buffer.byteLength(m.raw) < 100 * 1024)).toBe(true);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'mailing' and ${auditLog.entityId} = ${String(started.id)}`);
    // Started by a job (createdBy null): the engine writes the audit entry.
    expect(entry).toMatchObject({ action: 'email', entity: 'mailing', userId: null, details: { recipients: 12, kind: 'post' } });
    const list = (await app.inject({ url: '/api/mailings', headers: { cookie: reader } })).json();
    expect(list.data[0]).toMatchObject({ id: started.id, state: 'done', counts: { queued: 0, sent: 12, failed: 0 } });
    expect(list.mail).toMatchObject({ configured: true, message: null, ratePerMinute: 60000, rateFixed: true });
  });

  it('never mails a subscriber who left, and says why', async () => {
    const confirmed = await subscribers('stay', 2);
    await subscribers('left', 1, 'unsubscribed');
    const recipients = sql`${confirmed} union all select email, null, id from newsletter_subscribers where email like 'left-%'`;
    const started = await startMailing(app, mailing(), recipients);
    expect(started.recipients).toBe(3);
    await finished(started.id);
    expect(to('stay')).toHaveLength(2);
    expect(to('left')).toHaveLength(0);
    const shown = await detail(started.id);
    expect(shown.counts).toEqual({ queued: 0, sent: 2, failed: 1 });
    expect(shown.failures.data).toEqual([expect.objectContaining({ email: 'left-1@families.test', error: 'Unsubscribed' })]);
  });

  it('sends operational mail to every address once, without unsubscribe for families', async () => {
    const families = sql`select 'closure-1@families.test' as email, 'Asha' as name, null as subscriber_id
      union all select 'CLOSURE-1@families.test', 'Asha', null union all select 'not an address', null, null`;
    const started = await startMailing(
      app,
      mailing({ kind: 'notice', operational: true, audienceLabel: 'Families · City' }),
      families,
    );
    expect(started.recipients).toBe(1);
    await finished(started.id);
    const [copy] = to('closure');
    expect(copy!.raw).not.toMatch(/^List-Unsubscribe/im);
    expect((await simpleParser(copy!.raw)).text).toContain('Families · City');
  });

  it('refuses a second start of the same thing (409) and changes nothing', async () => {
    const first = mailing();
    await startMailing(app, first, await subscribers('twice', 1));
    await expect(startMailing(app, first, await subscribers('twice-again', 1))).rejects.toMatchObject({
      status: 409,
      code: 'MAILING_EXISTS',
    });
  });

  it('refuses a message over 100 KB (400)', async () => {
    const big = 'Lorem ipsum dolor sit amet. '.repeat(4000);
    await expect(
      startMailing(app, mailing({ html: `<p>${big}</p>`, text: big }), await subscribers('big', 1)),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses to start without SMTP (409), and the screen is told why', async () => {
    await expect(
      startMailing(bare, mailing(), sql`select 'a@b.test' as email, null as name, null as subscriber_id`),
    ).rejects.toMatchObject({
      status: 409,
      code: 'MAIL_NOT_CONFIGURED',
      message: expect.stringContaining('SMTP_URL'),
    });
    const cookie = await sessionCookie(bare, await createUser(bare, { role: 'admin' }));
    const list = (await bare.inject({ url: '/api/mailings', headers: { cookie } })).json();
    expect(list.mail).toMatchObject({ configured: false, message: expect.stringContaining('SMTP_URL') });
    const test = await bare.inject({
      method: 'POST',
      url: '/api/mailings/test',
      headers: { cookie },
      payload: { subject: 'x', text: 'y' },
    });
    expect(test.statusCode).toBe(409);
  });
});

describe('failures and retries', () => {
  it('retries a temporary refusal, and records a permanent one with the server’s reason', async () => {
    smtp.state.failNext = 1;
    smtp.state.refuse.add('bounce-2@families.test');
    const started = await startMailing(app, mailing(), await subscribers('bounce', 3));
    await finished(started.id);
    expect(
      to('bounce')
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['bounce-1@families.test', 'bounce-3@families.test']);
    const shown = await detail(started.id);
    expect(shown.counts).toEqual({ queued: 0, sent: 2, failed: 1 });
    expect(shown.failures.data[0]).toMatchObject({
      email: 'bounce-2@families.test',
      attempts: 1,
      error: expect.stringMatching(/^550 .*User unknown/),
    });

    smtp.state.refuse.clear();
    const retried = await app.inject({
      method: 'POST',
      url: `/api/mailings/${started.id}/retry-failed`,
      headers: { cookie: admin },
    });
    expect(retried.json()).toEqual({ data: { queued: 1 } });
    await finished(started.id);
    expect(to('bounce').filter((m) => m.to[0] === 'bounce-2@families.test')).toHaveLength(1);
    expect((await detail(started.id)).counts).toEqual({ queued: 0, sent: 3, failed: 0 });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'mailing-retry'`);
    expect(entry).toMatchObject({ entity: 'mailing', entityId: String(started.id), details: { recipients: 1 } });
  });
});

describe('POST /api/mailings/test', () => {
  it('sends a mailing’s message to the signed-in member of staff only, under its own Message-ID', async () => {
    const started = await startMailing(app, mailing({ subject: 'Open day' }), await subscribers('open', 2));
    await finished(started.id);
    const before = smtp.received.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/mailings/test',
      headers: { cookie: admin },
      payload: { mailingId: started.id },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { to: adminEmail } });
    expect(smtp.received).toHaveLength(before + 1);
    const copy = smtp.received.at(-1)!;
    expect(copy.to).toEqual([adminEmail]);
    expect((await simpleParser(copy.raw)).subject).toBe('[Test] Open day');
    expect(messageIdOf(copy.raw)).toMatch(/^<mailing-test-/);
  });

  it('sends a message written for the test, and says what is missing', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/mailings/test',
      headers: { cookie: admin },
      payload: { subject: 'Draft', html: '<p>Hi</p>', text: 'Hi' },
    });
    expect(ok.statusCode).toBe(202);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/mailings/test',
      headers: { cookie: admin },
      payload: { html: '<p>Hi</p>' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['subject', 'text']);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/mailings/test',
      headers: { cookie: admin },
      payload: { mailingId: 999999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('mail settings, DNS check, permissions', () => {
  it('keeps the rate staff set, within limits', async () => {
    const put = (payload: object, cookie = admin) =>
      app.inject({ method: 'PUT', url: '/api/mailings/settings', headers: { cookie }, payload });
    expect((await put({ ratePerMinute: 0 })).statusCode).toBe(400);
    expect((await put({ ratePerMinute: 90 }, reader)).statusCode).toBe(403);
    const saved = await put({ ratePerMinute: 90 });
    expect(saved.statusCode).toBe(200);
    // The environment's rate (the tests') still wins, and the screen says so.
    expect(saved.json().data).toMatchObject({ ratePerMinute: 60000, rateFixed: true });
    const cookie = await sessionCookie(bare, await createUser(bare, { role: 'admin' }));
    const other = await bare.inject({
      method: 'PUT',
      url: '/api/mailings/settings',
      headers: { cookie },
      payload: { ratePerMinute: 45 },
    });
    expect(other.json().data).toMatchObject({ ratePerMinute: 45, rateFixed: false, configured: false });
  });

  it('answers the DNS check without failing on a machine without DNS', async () => {
    const res = await app.inject({ url: '/api/mailings/dns-check', headers: { cookie: reader } });
    expect(res.statusCode).toBe(200);
    // The test school's address is an example domain: nothing to look up.
    expect(res.json().data).toMatchObject({ checked: false, reason: expect.stringContaining('not a domain on the internet') });
  });

  it('lets nobody without the notices permission in', async () => {
    for (const url of ['/api/mailings', '/api/mailings/settings', '/api/mailings/dns-check', '/api/mailings/1']) {
      expect((await app.inject({ url })).statusCode).toBe(401);
      expect((await app.inject({ url, headers: { cookie: outsider } })).statusCode).toBe(403);
    }
    const retry = await app.inject({ method: 'POST', url: '/api/mailings/1/retry-failed', headers: { cookie: reader } });
    expect(retry.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/mailings/999999', headers: { cookie: reader } })).statusCode).toBe(404);
  });
});
