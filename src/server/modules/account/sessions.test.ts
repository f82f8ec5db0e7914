import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { post, signIn, whoAmI } from '../../test/sign-in.ts';
import { sessionIdOf } from '../auth/sessions.service.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('sessions a user can see', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof installTestSchool>>['admin'];
  beforeEach(async () => {
    app = await buildTestApp();
    ({ admin } = await installTestSchool(app));
  });
  afterEach(() => app.close());

  const list = async (cookie: string) => {
    const res = await app.inject({ url: '/api/account/sessions', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; browser: string; os: string; device: string; ip: string; current: boolean }[];
  };
  const endOne = (cookie: string, id: number | string) =>
    app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: { cookie } });
  const tokenOf = (cookie: string) => cookie.split('=')[1]!;

  it('lists the user’s own sessions with the device, address, last seen and "this device", never a session id', async () => {
    const phone = (await signIn(app, 'admin', TEST_PASSWORD, { userAgent: IPHONE, remoteAddress: '10.0.0.5' })).sid!;
    const desk = (await signIn(app, 'admin', TEST_PASSWORD, { userAgent: WINDOWS_CHROME, remoteAddress: '10.0.0.6' })).sid!;
    const other = await createUser(app, { role: 'user' });
    await sessionCookie(app, other);
    expect((await app.inject('/api/account/sessions')).statusCode).toBe(401);

    const seen = await list(desk);
    expect(seen).toHaveLength(2);
    const mine = seen.find((s) => s.current)!;
    expect(mine).toMatchObject({ browser: 'Chrome 124', os: 'Windows 10', device: 'Computer', ip: '10.0.0.6' });
    expect(seen.find((s) => !s.current)).toMatchObject({
      browser: 'Mobile Safari 17',
      os: 'iOS 17.4',
      device: 'Apple iPhone',
      ip: '10.0.0.5',
    });
    const body = JSON.stringify(seen);
    for (const cookie of [phone, desk]) {
      expect(body).not.toContain(tokenOf(cookie));
      expect(body).not.toContain(sessionIdOf(tokenOf(cookie)));
    }
  });

  it('ends one other session, or all the others, but not the one in use (use Log Out)', async () => {
    const a = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
    const b = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
    const c = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
    const [current, ...others] = (await list(a)).sort((x, y) => Number(y.current) - Number(x.current));
    expect((await endOne(a, current!.id)).statusCode).toBe(400);
    expect((await endOne(a, 987654)).statusCode).toBe(404);
    expect((await endOne(a, 'nope')).statusCode).toBe(404);
    // Another user's session cannot be ended by its number.
    const stranger = await createUser(app, { role: 'user' });
    expect((await endOne(await sessionCookie(app, stranger), others[0]!.id)).statusCode).toBe(404);

    expect((await endOne(a, others[0]!.id)).statusCode).toBe(200);
    expect(await list(a)).toHaveLength(2);
    const res = await post(app, '/api/account/sessions/end-others', a);
    expect(res.json()).toMatchObject({ ended: 1 });
    expect(await whoAmI(app, a)).toMatchObject({ username: 'admin' });
    for (const gone of [b, c]) expect(await whoAmI(app, gone)).toBeNull();
    const ended = await app.db.select().from(auditLog).where(eq(auditLog.action, 'session-end'));
    expect(ended.map((e) => e.entity).sort()).toEqual(['session', 'user']);
  });

  it('lets an administrator end every session of a user (users: write), never their own this way', async () => {
    const teacher = await createUser(app, { role: 'user', username: 'teacher' });
    const t1 = (await signIn(app, 'teacher', TEST_PASSWORD)).sid!;
    const t2 = (await signIn(app, 'teacher', TEST_PASSWORD)).sid!;
    const url = `/api/users/${teacher.id}/sessions/end`;
    expect((await post(app, url, undefined)).statusCode).toBe(401);
    const viewer = await createUser(app, { role: null, permissions: { users: { read: true } } });
    expect((await post(app, url, await sessionCookie(app, viewer))).statusCode).toBe(403);
    const adminCookie = await sessionCookie(app, admin);
    expect((await post(app, `/api/users/${admin.id}/sessions/end`, adminCookie)).statusCode).toBe(400);
    expect((await post(app, '/api/users/987654/sessions/end', adminCookie)).statusCode).toBe(404);
    const res = await post(app, url, adminCookie);
    expect(res.json()).toMatchObject({ ended: 2 });
    for (const gone of [t1, t2]) expect(await whoAmI(app, gone)).toBeNull();
    await createRole(app, 'staff_admin', { users: { read: true, write: true } });
    const staffAdmin = await createUser(app, { role: 'staff_admin' });
    expect((await post(app, `/api/users/${admin.id}/sessions/end`, await sessionCookie(app, staffAdmin))).statusCode).toBe(403);
  });

  describe('expiry', () => {
    const age = async (cookie: string, set: Partial<typeof sessions.$inferInsert>) =>
      app.db
        .update(sessions)
        .set(set)
        .where(eq(sessions.id, sessionIdOf(tokenOf(cookie))));
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

    it('ends a session idle longer than 12 hours, or older than 30 days, by default', async () => {
      const idle = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      const old = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      const fine = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      await age(idle, { lastSeenAt: hoursAgo(12.1) });
      await age(old, { createdAt: hoursAgo(30 * 24 + 1) });
      await age(fine, { lastSeenAt: hoursAgo(11.9), createdAt: hoursAgo(29 * 24) });
      expect(await whoAmI(app, idle)).toBeNull();
      expect(await whoAmI(app, old)).toBeNull();
      expect(await whoAmI(app, fine)).toMatchObject({ username: 'admin' });
      const cookie = String((await signIn(app, 'admin', TEST_PASSWORD)).res.headers['set-cookie']);
      const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
      expect(Math.abs(expires - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    });

    it('follows the settings at once, for open sessions too; the clean-up removes ended ones', async () => {
      const cookie = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      const other = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      await age(other, { lastSeenAt: hoursAgo(2) });
      const res = await app.inject({
        method: 'PUT',
        url: '/api/security/settings',
        payload: { sessionIdleHours: 1, sessionMaxDays: 7 },
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await whoAmI(app, other)).toBeNull();
      expect(await whoAmI(app, cookie)).toMatchObject({ username: 'admin' });
      const { runSecurityMaintenance } = await import('../security/maintenance.ts');
      await runSecurityMaintenance(app.db);
      expect(await app.db.select().from(sessions)).toHaveLength(1);
    });

    it('writes last seen at most once a minute per session', async () => {
      const cookie = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      const seen = async () =>
        (
          await app.db
            .select({ at: sessions.lastSeenAt })
            .from(sessions)
            .where(eq(sessions.id, sessionIdOf(tokenOf(cookie))))
        )[0]!.at.getTime();
      const first = await seen();
      for (let i = 0; i < 3; i++) await whoAmI(app, cookie);
      expect(await seen()).toBe(first);
      await age(cookie, { lastSeenAt: new Date(Date.now() - 61_000) });
      await whoAmI(app, cookie);
      expect(Date.now() - (await seen())).toBeLessThan(5000);
    });
  });
});
