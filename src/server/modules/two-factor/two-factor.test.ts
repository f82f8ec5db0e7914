import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, roles, signInChallenges, twoFactor, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { enableTwoFactor, post, signIn, totpCode, whoAmI, wrongCode } from '../../test/sign-in.ts';

describe('two-factor sign-in', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof installTestSchool>>['admin'];
  beforeEach(async () => {
    app = await buildTestApp();
    ({ admin } = await installTestSchool(app));
  });
  afterEach(() => app.close());

  const actions = async (userId: number) =>
    (await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.userId, userId))).map((r) => r.action);
  const verify = (challenge: string | undefined, code: string) => post(app, '/api/auth/two-factor/verify', challenge, { code });

  describe('setting it up from the account', () => {
    it('needs the current password, shows the secret as text and as a locally drawn QR code, and confirms with a code', async () => {
      const cookie = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      expect((await post(app, '/api/account/two-factor/setup', undefined, { currentPassword: TEST_PASSWORD })).statusCode).toBe(
        401,
      );
      expect((await post(app, '/api/account/two-factor/setup', cookie, {})).statusCode).toBe(400);
      const wrong = await post(app, '/api/account/two-factor/setup', cookie, { currentPassword: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields.currentPassword).toBe('The current password is incorrect.');

      const setup = await post(app, '/api/account/two-factor/setup', cookie, { currentPassword: TEST_PASSWORD });
      expect(setup.statusCode).toBe(200);
      const { secret, otpauthUrl, qrSvg } = setup.json().data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect(qrSvg).toMatch(/^<svg[^>]*>/);
      expect(qrSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
      expect(setup.headers['cache-control']).toBe('no-store');
      expect((await app.inject({ url: '/api/account/two-factor', headers: { cookie } })).json().data).toMatchObject({
        enabled: false,
      });

      const refused = await post(app, '/api/account/two-factor/enable', cookie, { code: wrongCode(secret) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.code).toMatch(/not right/);
      const enabled = await post(app, '/api/account/two-factor/enable', cookie, { code: totpCode(secret) });
      expect(enabled.statusCode).toBe(200);
      const codes: string[] = enabled.json().recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect((await app.inject({ url: '/api/account/two-factor', headers: { cookie } })).json().data).toMatchObject({
        enabled: true,
        recoveryCodesLeft: 10,
        required: false,
      });

      // The secret is stored sealed, and never shown again.
      const [row] = await app.db.select().from(twoFactor).where(eq(twoFactor.userId, admin.id));
      expect(row!.secret).not.toContain(secret);
      expect(row!.secret).toMatch(/^v1\./);
      const again = await post(app, '/api/account/two-factor/setup', cookie, { currentPassword: TEST_PASSWORD });
      expect(again.statusCode).toBe(409);
      expect(await actions(admin.id)).toContain('2fa-enable');
      const users = await app.inject({ url: '/api/auth/users', headers: { cookie } });
      expect(users.json().data.find((u: { id: number }) => u.id === admin.id).twoFactorEnabled).toBe(true);
    });

    it('turns off with the current password', async () => {
      const cookie = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      await enableTwoFactor(app, cookie, TEST_PASSWORD);
      expect((await post(app, '/api/account/two-factor/disable', cookie, { currentPassword: 'nope' })).statusCode).toBe(400);
      expect((await post(app, '/api/account/two-factor/disable', cookie, { currentPassword: TEST_PASSWORD })).statusCode).toBe(
        200,
      );
      expect((await signIn(app, 'admin', TEST_PASSWORD)).sid).toBeDefined();
      expect(await actions(admin.id)).toContain('2fa-disable');
    });
  });

  describe('signing in with the second step', () => {
    it('opens no session until a right code is given, then opens one', async () => {
      const cookie = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      const { secret } = await enableTwoFactor(app, cookie, TEST_PASSWORD);

      const first = await signIn(app, 'admin', TEST_PASSWORD);
      expect(first.res.statusCode).toBe(200);
      expect(first.res.json()).toMatchObject({ next: 'totp' });
      expect(first.res.json().user).toBeUndefined();
      expect(first.sid).toBeUndefined();
      expect(first.challenge).toBeDefined();
      expect(String(first.res.headers['set-cookie'])).toMatch(
        /sid_2fa=[^;]+; Path=\/api\/auth\/two-factor; Expires=[^;]+; HttpOnly; SameSite=Lax/,
      );
      // The challenge is not a session.
      expect(await whoAmI(app, first.challenge!)).toBeNull();
      expect(await whoAmI(app, first.challenge!.replace('sid_2fa=', 'sid='))).toBeNull();

      const wrong = await verify(first.challenge, wrongCode(secret));
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toMatch(/not right/);
      expect((await verify(undefined, totpCode(secret, 1))).statusCode).toBe(401);

      const ok = await verify(first.challenge, totpCode(secret, 1));
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ message: 'Login successful!', user: { username: 'admin' } });
      const sid = (ok.headers['set-cookie'] as string[]).find((c) => c.startsWith('sid='))!.split(';')[0]!;
      expect(await whoAmI(app, sid)).toMatchObject({ username: 'admin' });
      // The challenge is spent, and the same code does not work twice.
      expect((await verify(first.challenge, totpCode(secret, 1))).statusCode).toBe(401);
      const second = await signIn(app, 'admin', TEST_PASSWORD);
      const replay = await verify(second.challenge, totpCode(secret, 1));
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error).toMatch(/just been used/);
      expect(await actions(admin.id)).toEqual(expect.arrayContaining(['2fa-failed', 'sign-in']));
    });

    it('has its own attempt limit, kept in the database: 5 wrong codes in 15 minutes, then 429', async () => {
      const { secret } = await enableTwoFactor(app, (await signIn(app, 'admin', TEST_PASSWORD)).sid!, TEST_PASSWORD);
      const { challenge } = await signIn(app, 'admin', TEST_PASSWORD);
      for (let i = 0; i < 5; i++) expect((await verify(challenge, wrongCode(secret))).statusCode).toBe(401);
      const blocked = await verify(challenge, totpCode(secret, 1));
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      // A new password sign-in does not lift it.
      const again = await signIn(app, 'admin', TEST_PASSWORD);
      expect((await verify(again.challenge, totpCode(secret, 1))).statusCode).toBe(429);
      expect((await actions(admin.id)).filter((a) => a === '2fa-failed')).toHaveLength(5);
      expect(await actions(admin.id)).toContain('sign-in-locked');
    });

    it('takes a recovery code once, and counts what is left', async () => {
      const cookie = (await signIn(app, 'admin', TEST_PASSWORD)).sid!;
      const { recoveryCodes } = await enableTwoFactor(app, cookie, TEST_PASSWORD);
      const first = await signIn(app, 'admin', TEST_PASSWORD);
      const ok = await verify(first.challenge, recoveryCodes[3]!.toUpperCase().replace(/-/g, ' '));
      expect(ok.statusCode).toBe(200);
      const sid = (ok.headers['set-cookie'] as string[]).find((c) => c.startsWith('sid='))!.split(';')[0]!;
      expect((await app.inject({ url: '/api/account/two-factor', headers: { cookie: sid } })).json().data.recoveryCodesLeft).toBe(
        9,
      );
      const second = await signIn(app, 'admin', TEST_PASSWORD);
      expect((await verify(second.challenge, recoveryCodes[3]!)).statusCode).toBe(401);
      expect((await verify(second.challenge, recoveryCodes[4]!)).statusCode).toBe(200);
      expect(await actions(admin.id)).toContain('2fa-recovery-code');

      // New codes replace the old ones (with the current password).
      const fresh = await post(app, '/api/account/two-factor/recovery-codes', sid, { currentPassword: TEST_PASSWORD });
      expect(fresh.statusCode).toBe(200);
      const third = await signIn(app, 'admin', TEST_PASSWORD);
      expect((await verify(third.challenge, recoveryCodes[5]!)).statusCode).toBe(401);
      expect((await verify(third.challenge, fresh.json().recoveryCodes[0])).statusCode).toBe(200);
    });

    it('refuses an expired challenge and an account deactivated meanwhile', async () => {
      const { secret } = await enableTwoFactor(app, (await signIn(app, 'admin', TEST_PASSWORD)).sid!, TEST_PASSWORD);
      const { challenge } = await signIn(app, 'admin', TEST_PASSWORD);
      await app.db.update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
      const expired = await verify(challenge, totpCode(secret, 1));
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error).toBe('This sign-in has expired. Please sign in again.');
      const next = await signIn(app, 'admin', TEST_PASSWORD);
      await app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, admin.id));
      expect((await verify(next.challenge, totpCode(secret, 1))).statusCode).toBe(401);
    });
  });

  describe('POST /api/users/{id}/two-factor/reset', () => {
    it('lets an administrator reset a user’s second factor (audited); the user then signs in with the password', async () => {
      const teacher = await createUser(app, { role: 'user', username: 'teacher' });
      await enableTwoFactor(app, (await signIn(app, 'teacher', TEST_PASSWORD)).sid!, TEST_PASSWORD);
      expect((await signIn(app, 'teacher', TEST_PASSWORD)).res.json().next).toBe('totp');

      const url = `/api/users/${teacher.id}/two-factor/reset`;
      expect((await post(app, url, undefined)).statusCode).toBe(401);
      const viewer = await createUser(app, { role: null, permissions: { users: { read: true } } });
      expect((await post(app, url, await sessionCookie(app, viewer))).statusCode).toBe(403);
      const adminCookie = await sessionCookie(app, admin);
      expect((await post(app, url, adminCookie)).statusCode).toBe(200);
      expect((await post(app, url, adminCookie)).statusCode).toBe(409);
      expect((await post(app, '/api/users/987654/two-factor/reset', adminCookie)).statusCode).toBe(404);
      expect((await signIn(app, 'teacher', TEST_PASSWORD)).sid).toBeDefined();
      const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, '2fa-reset'));
      expect(entry).toMatchObject({ userId: admin.id, entity: 'user', entityId: String(teacher.id), title: 'teacher' });

      // Only an administrator resets an administrator's.
      await enableTwoFactor(app, adminCookie, TEST_PASSWORD);
      await createRole(app, 'staff_admin', { users: { read: true, write: true } });
      const staffAdmin = await createUser(app, { role: 'staff_admin' });
      expect((await post(app, `/api/users/${admin.id}/two-factor/reset`, await sessionCookie(app, staffAdmin))).statusCode).toBe(
        403,
      );
    });
  });

  describe('required by the school', () => {
    /** The policy is set by an administrator who has two-factor sign-in (one without it would be held at setup too). */
    let ownerCookie: string;
    beforeEach(async () => {
      await createUser(app, { role: 'admin', username: 'owner' });
      ownerCookie = (await signIn(app, 'owner', TEST_PASSWORD)).sid!;
      await enableTwoFactor(app, ownerCookie, TEST_PASSWORD);
    });
    const setPolicy = async (payload: object) => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/security/two-factor',
        payload,
        headers: { cookie: ownerCookie },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('leads staff signed in before the requirement to set it up, and refuses them the back office until then', async () => {
      // Own entries for what the test reaches (enquiries, categories); the roles stay the built-in ones.
      const teacherGrants = { leads: { read: true }, settings: { read: true, write: true } };
      await createUser(app, { role: 'user', username: 'teacher', permissions: teacherGrants });
      await createUser(app, { role: 'manager', username: 'boss', permissions: { settings: { read: true, write: true } } });
      const teacherCookie = (await signIn(app, 'teacher', TEST_PASSWORD)).sid!;
      const bossCookie = (await signIn(app, 'boss', TEST_PASSWORD)).sid!;
      const me = async (cookie: string) => (await app.inject({ url: '/api/auth/user', headers: { cookie } })).json().user;
      const newCategory = (cookie: string, name: string) =>
        app.inject({ method: 'POST', url: '/api/categories', headers: { cookie }, payload: { name } });
      expect((await me(teacherCookie)).twoFactorSetupDue).toBe(false);
      expect((await newCategory(bossCookie, 'Before')).statusCode).toBe(201);

      // Required of the teachers' role only, while both are signed in.
      const [userRole] = await app.db.select().from(roles).where(eq(roles.name, 'user'));
      await setPolicy({ mode: 'roles', roleIds: [userRole!.id] });
      expect(await me(teacherCookie)).toMatchObject({ username: 'teacher', twoFactorSetupDue: true });
      expect((await me(bossCookie)).twoFactorSetupDue).toBe(false);
      // Children's families' enquiries are exactly what a stolen password must not reach.
      const refused = await app.inject({ url: '/api/enquiries', headers: { cookie: teacherCookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });
      expect(refused.json().error).toMatch(/requires two-factor sign-in/);
      expect((await newCategory(teacherCookie, 'Refused')).statusCode).toBe(403);
      expect((await newCategory(bossCookie, 'Still open to other roles')).statusCode).toBe(201);

      // The account's own routes stay open: the teacher sets it up from the session they have.
      const { secret } = await enableTwoFactor(app, teacherCookie, TEST_PASSWORD);
      expect(secret).toBeTruthy();
      expect((await me(teacherCookie)).twoFactorSetupDue).toBe(false);
      expect((await app.inject({ url: '/api/enquiries', headers: { cookie: teacherCookie } })).statusCode).toBe(200);
      expect((await newCategory(teacherCookie, 'After setup')).statusCode).toBe(201);

      // "All staff": the manager too, until set up; turned off, nobody is held.
      await setPolicy({ mode: 'all', roleIds: [] });
      expect((await newCategory(bossCookie, 'Held')).statusCode).toBe(403);
      expect((await me(bossCookie)).twoFactorSetupDue).toBe(true);
      await setPolicy({ mode: 'off', roleIds: [] });
      expect((await newCategory(bossCookie, 'Free again')).statusCode).toBe(201);
      const actions = (await app.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
      expect(actions).toContain('2fa-enable');
    });

    it('leads a user of a chosen role through setup at the next sign-in; other roles sign in as before', async () => {
      const [userRole] = await app.db.select().from(roles).where(eq(roles.name, 'user'));
      await setPolicy({ mode: 'roles', roleIds: [userRole!.id] });
      // Own entries for what the test reaches (enquiries, categories); the roles stay the built-in ones.
      const teacherGrants = { leads: { read: true }, settings: { read: true, write: true } };
      await createUser(app, { role: 'user', username: 'teacher', permissions: teacherGrants });
      await createUser(app, { role: 'manager', username: 'boss', permissions: { settings: { read: true, write: true } } });
      expect((await signIn(app, 'boss', TEST_PASSWORD)).sid).toBeDefined();

      const { res, sid, challenge } = await signIn(app, 'teacher', TEST_PASSWORD);
      expect(res.json()).toMatchObject({ next: 'totp-setup' });
      expect(res.json().message).toMatch(/Set up an authenticator app/);
      expect(sid).toBeUndefined();
      // The setup challenge opens no session and does not answer the code step.
      expect(await whoAmI(app, challenge!)).toBeNull();
      expect((await verify(challenge, '123456')).statusCode).toBe(401);
      expect((await post(app, '/api/auth/two-factor/setup', undefined)).statusCode).toBe(401);

      const setup = await post(app, '/api/auth/two-factor/setup', challenge);
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json().data;
      expect((await post(app, '/api/auth/two-factor/enable', challenge, { code: wrongCode(secret) })).statusCode).toBe(400);
      const enabled = await post(app, '/api/auth/two-factor/enable', challenge, { code: totpCode(secret) });
      expect(enabled.statusCode).toBe(200);
      expect(enabled.json().recoveryCodes).toHaveLength(10);
      expect(enabled.json().user).toMatchObject({ username: 'teacher', twoFactorEnabled: true });
      const cookie = (enabled.headers['set-cookie'] as string[]).find((c) => c.startsWith('sid='))!.split(';')[0]!;
      expect(await whoAmI(app, cookie)).toMatchObject({ username: 'teacher' });

      // From now on: the code step; and it cannot be turned off while required.
      expect((await signIn(app, 'teacher', TEST_PASSWORD)).res.json().next).toBe('totp');
      const off = await post(app, '/api/account/two-factor/disable', cookie, { currentPassword: TEST_PASSWORD });
      expect(off.statusCode).toBe(400);
      expect(off.json().error).toMatch(/requires two-factor/);
    });

    it('applies to every member of staff with "all"', async () => {
      await setPolicy({ mode: 'all', roleIds: [] });
      await createUser(app, { role: 'manager', username: 'boss' });
      await createUser(app, { role: null, username: 'helper' });
      for (const name of ['boss', 'helper', 'admin'])
        expect((await signIn(app, name, TEST_PASSWORD)).res.json().next).toBe('totp-setup');
      await setPolicy({ mode: 'off', roleIds: [] });
      expect((await signIn(app, 'boss', TEST_PASSWORD)).sid).toBeDefined();
    });
  });
});
