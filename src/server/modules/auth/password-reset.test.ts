import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { auditLog, passwordResets, users } from '../../db/schema/index.ts';
import { MAX_RESETS_PER_EMAIL, MAX_RESETS_PER_IP, RESET_LINK_INVALID } from './password-reset.ts';
import { RESET_REQUESTED, RESET_UNAVAILABLE } from './password-reset.routes.ts';
import { ACCOUNT_DEACTIVATED } from './auth.service.ts';

// Issue 31 item 24: "Forgot password?" for staff, by e-mail, and a deactivated account told so.
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ipCounter = 0;
/** Each test its own network address, so the per-address limit is met only where it is tested. */
const nextIp = () => `10.9.0.${++ipCounter}`;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url });
  await installTestSchool(app);
}, 60_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const ask = (email: string, ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirm = (token: string, newPassword: string) =>
  app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword } });
const signIn = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: nextIp() });

/** The link of the last e-mail to `address`, and its text. */
async function linkSentTo(address: string) {
  await app.mailOutbox.settle();
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  const parsed = await simpleParser(mail.raw);
  const link = /(https?:\/\/\S+\/cms\/reset-password#(\S+))/.exec(parsed.text ?? '')!;
  return { text: parsed.text!, url: link[1]!, token: link[2]! };
}

describe('forgot password', () => {
  it('e-mails a link valid 30 minutes, answering the same for an unknown address', async () => {
    const user = await createUser(app, { role: 'user' });
    const known = await ask(user.email.toUpperCase());
    expect(known.statusCode).toBe(202);
    expect(known.json().message).toBe(RESET_REQUESTED);
    const unknown = await ask('nobody@school.test');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    const { text, url } = await linkSentTo(user.email);
    expect(text).toContain('within 30 minutes');
    expect(url).toMatch(/\/cms\/reset-password#[\w-]{40,}$/);
    expect(smtp.received.some((m) => m.to.includes('nobody@school.test'))).toBe(false);
    // The link's token is not stored, only its hash.
    const rows = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeCloseTo(30 * 60_000, -3);
    expect(url).not.toContain(rows[0]!.tokenHash!);
  });

  it('sets a new password once, by the school’s policy, and ends the account’s sessions', async () => {
    const user = await createUser(app, { role: 'user' });
    const session = await sessionCookie(app, user);
    await ask(user.email);
    const { token } = await linkSentTo(user.email);
    const check = async () =>
      (await app.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token } })).json().data;
    expect(await check()).toEqual({ valid: true, message: null });
    const weak = await confirm(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBeTruthy();
    const done = await confirm(token, 'otter-meadow-lantern');
    expect(done.statusCode).toBe(200);
    expect((await signIn(user.username, 'otter-meadow-lantern')).statusCode).toBe(200);
    expect((await signIn(user.username, TEST_PASSWORD)).statusCode).toBe(401);
    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: session } });
    expect(me.json().user).toBeNull();
    expect(await check()).toEqual({ valid: false, message: RESET_LINK_INVALID });
    const again = await confirm(token, 'another-river-stone');
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.token).toBe(RESET_LINK_INVALID);
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'password-reset'));
    expect(entry).toMatchObject({ userId: user.id, title: user.username });
  });

  it('refuses an expired link, a made-up one, and one of an account deactivated since', async () => {
    const user = await createUser(app, { role: 'user' });
    await ask(user.email);
    const { token } = await linkSentTo(user.email);
    await app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await confirm(token, 'otter-meadow-lantern')).json().error).toBe(RESET_LINK_INVALID);
    expect((await confirm('x'.repeat(43), 'otter-meadow-lantern')).statusCode).toBe(400);

    const leaving = await createUser(app, { role: 'user' });
    await ask(leaving.email);
    const link = await linkSentTo(leaving.email);
    await app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, leaving.id));
    expect((await confirm(link.token, 'otter-meadow-lantern')).statusCode).toBe(400);
  });

  it('limits requests per address and per network address, known or not', async () => {
    for (let i = 0; i < MAX_RESETS_PER_EMAIL; i++) expect((await ask('limited@school.test')).statusCode).toBe(202);
    const over = await ask('limited@school.test');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(/^Too many requests for a new password/);
    const ip = nextIp();
    for (let i = 0; i < MAX_RESETS_PER_IP; i++) expect((await ask(`someone${i}@school.test`, ip)).statusCode).toBe(202);
    expect((await ask('one-more@school.test', ip)).statusCode).toBe(429);
  });

  it('refuses a malformed address on its field', async () => {
    const res = await ask('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBe('Enter a valid e-mail address');
  });
});

describe('without e-mail on the server', () => {
  it('says whom to ask instead, before and after the address is typed', async () => {
    const quiet = await buildTestApp();
    try {
      await installTestSchool(quiet);
      const availability = await quiet.inject({ url: '/api/auth/password-reset' });
      expect(availability.json().data).toEqual({ available: false, message: RESET_UNAVAILABLE });
      const res = await quiet.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'a@school.test' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(RESET_UNAVAILABLE);
    } finally {
      await quiet.close();
    }
  }, 60_000);
});

describe('a deactivated account', () => {
  it('is told so with the right password, and gets the common message with a wrong one', async () => {
    const user = await createUser(app, { role: 'user', status: 'inactive' });
    const right = await signIn(user.username, TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toBe(ACCOUNT_DEACTIVATED);
    const wrong = await signIn(user.username, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid username or password.');
  });
});
