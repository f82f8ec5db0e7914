import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAttempts, sessions, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { MODULES, ROLE_PRESETS } from '../../../shared/permissions.ts';

function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const header = Array.isArray(raw) ? raw[0] : String(raw);
  return header.split(';')[0]!;
}

describe('sign-in and sessions', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof installTestSchool>>['admin'];
  beforeEach(async () => {
    app = await buildTestApp();
    ({ admin } = await installTestSchool(app));
  });
  afterEach(() => app.close());

  const whoAmI = async (cookie: string) => (await app.inject({ url: '/api/auth/user', headers: { cookie } })).json().user;

  const login = (username: string, password: string, extra: { cookie?: string; remoteAddress?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: extra.remoteAddress,
      headers: extra.cookie ? { cookie: extra.cookie } : {},
    });

  describe('POST /api/auth/login', () => {
    it('signs in with a HttpOnly SameSite=Lax cookie and returns the user with permissions, never the hash', async () => {
      const res = await login('admin', TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Login successful!');
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^sid=/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/);
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
      expect(res.json().user).toMatchObject({ username: 'admin', role: { name: 'admin' } });
      const [row] = await app.db.select().from(users).where(eq(users.id, admin.id));
      expect(row!.lastLoginAt).not.toBeNull();
    });

    it('sets a Secure cookie behind HTTPS (trusted proxy)', async () => {
      const proxied = await buildTestApp({ trustProxy: 1 });
      await installTestSchool(proxied);
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      await proxied.close();
    });

    it('accepts the username in any case, or the e-mail', async () => {
      expect((await login('ADMIN', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await login(admin.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('gives the same 401 message for an unknown user, a wrong password and an inactive user with a wrong password', async () => {
      await createUser(app, { username: 'sleepy', status: 'inactive', role: 'user' });
      const messages = new Set<string>();
      for (const [u, p] of [
        ['nobody', TEST_PASSWORD],
        ['admin', 'wrong-password'],
        ['sleepy', 'wrong-password'],
      ]) {
        const res = await login(u!, p!);
        expect(res.statusCode).toBe(401);
        messages.add(res.json().error);
      }
      expect([...messages]).toEqual(['Invalid username or password.']);
    });

    it('rotates the session id at sign-in: the old session is deleted', async () => {
      const first = cookieFrom(await login('admin', TEST_PASSWORD));
      const second = cookieFrom(await login('admin', TEST_PASSWORD, { cookie: first }));
      expect(second).not.toBe(first);
      expect(await whoAmI(first)).toBeNull();
      expect(await whoAmI(second)).toMatchObject({ username: 'admin' });
    });

    it('limits failures per username: the 6th attempt in 15 minutes is 429 with retry-after, even with the right password', async () => {
      for (let i = 0; i < 5; i++) expect((await login('admin', `wrong-${i}`)).statusCode).toBe(401);
      const blocked = await login('admin', TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      expect(blocked.json().error).toMatch(/try again in 1[45] minutes/);
      // Another user from another address is not affected.
      const other = await createUser(app, { role: 'user' });
      expect((await login(other.username, TEST_PASSWORD, { remoteAddress: '10.0.0.9' })).statusCode).toBe(200);
    });

    it('limits failures per address across usernames (20 in 15 minutes)', async () => {
      for (let i = 0; i < 20; i++) await login(`guess${i}`, 'x', { remoteAddress: '10.1.1.1' });
      const blocked = await login('admin', TEST_PASSWORD, { remoteAddress: '10.1.1.1' });
      expect(blocked.statusCode).toBe(429);
      expect((await login('admin', TEST_PASSWORD, { remoteAddress: '10.1.1.2' })).statusCode).toBe(200);
    });

    it('forgets old failures and clears them on success', async () => {
      await app.db.insert(loginAttempts).values(
        Array.from({ length: 5 }, () => ({
          username: `user:${admin.id}`,
          ip: '127.0.0.1',
          at: new Date(Date.now() - 16 * 60 * 1000),
        })),
      );
      expect((await login('admin', TEST_PASSWORD)).statusCode).toBe(200);
      await login('admin', 'wrong');
      await login(admin.email, TEST_PASSWORD);
      expect(
        await app.db
          .select()
          .from(loginAttempts)
          .where(eq(loginAttempts.username, `user:${admin.id}`)),
      ).toHaveLength(0);
    });

    it('refuses bad input with 400 and field messages', async () => {
      for (const payload of [{}, { username: 'a' }, { username: 1, password: 2 }, { username: 'a', password: 'x'.repeat(201) }]) {
        const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toBeDefined();
      }
    });

    it('refuses a cross-site sign-in (Origin of another site)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: TEST_PASSWORD },
        headers: { origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('GET /api/auth/user', () => {
    it('answers {user: null} when signed out or with a forged cookie', async () => {
      expect((await app.inject('/api/auth/user')).json()).toEqual({ user: null });
      expect((await app.inject({ url: '/api/auth/user', headers: { cookie: 'sid=forged' } })).json()).toEqual({ user: null });
    });

    it('returns the user with the effective permissions and no hash', async () => {
      const manager = await createUser(app, { role: 'manager' });
      const res = await app.inject({ url: '/api/auth/user', headers: { cookie: await sessionCookie(app, manager) } });
      expect(res.statusCode).toBe(200);
      const { user } = res.json();
      expect(user).toMatchObject({
        id: manager.id,
        username: manager.username,
        roleName: 'manager',
        roleDisplayName: 'Manager',
        role: { name: 'manager' },
      });
      expect(Object.keys(user.permissions)).toEqual([...MODULES]);
      // The built-in roles are fixed sets (issue 29); another set comes from a custom role.
      expect(user.permissions).toEqual(ROLE_PRESETS.manager.permissions);
      expect(user.permissions.users).toEqual({ read: false, write: false, delete: false });
      await createRole(app, 'blog_writer', { blog: { read: true, write: true } });
      const writer = await createUser(app, { role: 'blog_writer' });
      const mine = (await app.inject({ url: '/api/auth/user', headers: { cookie: await sessionCookie(app, writer) } })).json()
        .user;
      expect(mine.permissions.blog).toEqual({ read: true, write: true, delete: false });
      expect(mine.permissions.users).toEqual({ read: false, write: false, delete: false });
      expect(mine).toMatchObject({ roleName: 'blog_writer', hasOwnPermissions: false });
      expect(res.body).not.toMatch(/argon2|hash/i);
    });

    it('refuses a user deactivated after signing in, though the session was just read', async () => {
      const staff = await createUser(app, { role: 'user' });
      const cookie = await sessionCookie(app, staff);
      // Read twice first: on the built-in database the second answer comes from the kept row.
      expect(await whoAmI(cookie)).toMatchObject({ id: staff.id });
      expect(await whoAmI(cookie)).toMatchObject({ id: staff.id });
      await app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, staff.id));
      expect(await whoAmI(cookie)).toBeNull();
    });

    it('ends a session at its time though its row was just read, with no write between', async () => {
      const staff = await createUser(app, { role: 'user' });
      const cookie = await sessionCookie(app, staff);
      expect(await whoAmI(cookie)).toMatchObject({ id: staff.id });
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 400 * 24 * 3600 * 1000);
        expect(await whoAmI(cookie)).toBeNull();
      } finally {
        vi.useRealTimers();
      }
      expect(await whoAmI(cookie)).toMatchObject({ id: staff.id });
    });
  });

  describe('POST /api/logout', () => {
    it('deletes the session and clears the cookie', async () => {
      const cookie = cookieFrom(await login('admin', TEST_PASSWORD));
      expect(await whoAmI(cookie)).toMatchObject({ username: 'admin' });
      const res = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Logout successful!');
      expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);
      expect(await whoAmI(cookie)).toBeNull();
    });

    it('answers 200 when nobody is signed in', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    });
  });

  describe('POST /api/change-password', () => {
    const change = (cookie: string | undefined, payload: object) =>
      app.inject({ method: 'POST', url: '/api/change-password', payload, headers: cookie ? { cookie } : {} });

    it('answers 401 when signed out', async () => {
      expect((await change(undefined, { currentPassword: TEST_PASSWORD, newPassword: 'new-password' })).statusCode).toBe(401);
    });

    it('changes the password and revokes every session of the user', async () => {
      const a = cookieFrom(await login('admin', TEST_PASSWORD));
      const b = cookieFrom(await login('admin', TEST_PASSWORD));
      const res = await change(a, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Password changed successfully!');
      for (const cookie of [a, b]) expect(await whoAmI(cookie)).toBeNull();
      expect(await app.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toHaveLength(0);
      expect((await login('admin', TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login('admin', 'brand-new-pass')).statusCode).toBe(200);
    });

    it('refuses a wrong current password, a short new one and bad types', async () => {
      const cookie = cookieFrom(await login('admin', TEST_PASSWORD));
      const wrong = await change(cookie, { currentPassword: 'nope', newPassword: 'brand-new-pass' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields.currentPassword).toBe('The current password is incorrect.');
      const short = await change(cookie, { currentPassword: TEST_PASSWORD, newPassword: '12345' });
      expect(short.statusCode).toBe(400);
      expect(short.json().fields.newPassword).toBe('Password must be at least 6 characters long');
      expect((await change(cookie, { currentPassword: 1, newPassword: ['x'] })).statusCode).toBe(400);
      expect(await whoAmI(cookie)).toMatchObject({ username: 'admin' });
    });
  });

  describe('requirePermission', () => {
    it('lets admins through and stops users without the permission with 403 and a message', async () => {
      const routeApp = await buildTestApp();
      await installTestSchool(routeApp);
      routeApp.get('/api/test-users-write', { preHandler: routeApp.requirePermission('users', 'write') }, async () => ({
        ok: true,
      }));
      const plain = await createUser(routeApp, { role: null, permissions: { users: { read: true } } });
      const boss = await createUser(routeApp, { role: 'admin' });
      expect((await routeApp.inject('/api/test-users-write')).statusCode).toBe(401);
      const denied = await routeApp.inject({
        url: '/api/test-users-write',
        headers: { cookie: await sessionCookie(routeApp, plain) },
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error).toBe('Needs users: write');
      const ok = await routeApp.inject({
        url: '/api/test-users-write',
        headers: { cookie: await sessionCookie(routeApp, boss) },
      });
      expect(ok.statusCode).toBe(200);
      await routeApp.close();
    });
  });
});
