import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { installPayload, TEST_ADMIN } from '../../test/install-payload.ts';
import { post, signIn } from '../../test/sign-in.ts';
import { TOO_GUESSABLE } from './password-policy.ts';

describe('security settings and the password policy', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof installTestSchool>>['admin'];
  let adminCookie: string;
  beforeEach(async () => {
    app = await buildTestApp();
    ({ admin } = await installTestSchool(app));
    adminCookie = await sessionCookie(app, admin);
  });
  afterEach(() => app.close());

  const put = (url: string, cookie: string | undefined, payload: object) =>
    app.inject({ method: 'PUT', url, payload, headers: cookie ? { cookie } : {} });
  const createStaff = (password: string, extra: object = {}) =>
    post(app, '/api/users/create', adminCookie, {
      username: 'asha',
      email: 'asha@school.test',
      firstName: 'Asha',
      lastName: 'Rao',
      password,
      roleId: null,
      ...extra,
    });

  it('GET /api/auth/password-policy tells every form the minimum and the hint (public)', async () => {
    const res = await app.inject('/api/auth/password-policy');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      minLength: 6,
      maxLength: 200,
      hint: 'At least 6 characters; not a common password or an easy pattern.',
    });
  });

  it('refuses common and easily guessed passwords everywhere a new one is set, with a clear message', async () => {
    for (const weak of ['password1', 'qwerty123', 'iloveyou', 'abcdef', 'asha2024', 'asharao']) {
      const res = await createStaff(weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().fields.password, weak).toBe(TOO_GUESSABLE);
    }
    expect((await createStaff('maple-kite-lantern')).statusCode).toBe(201);
    const asha = (await app.inject({ url: '/api/auth/users', headers: { cookie: adminCookie } }))
      .json()
      .data.find((u: { username: string }) => u.username === 'asha');
    const adminSet = await post(app, `/api/admin/user/${asha.id}/change-password`, adminCookie, { newPassword: 'letmein1' });
    expect(adminSet.json().fields.newPassword).toBe(TOO_GUESSABLE);
    const updated = await put(`/api/users/update/${asha.id}`, adminCookie, {
      username: 'asha',
      email: 'asha@school.test',
      firstName: 'Asha',
      lastName: 'Rao',
      password: 'sunshine1',
    });
    expect(updated.json().fields.password).toBe(TOO_GUESSABLE);
    const own = await post(app, '/api/change-password', adminCookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'password123',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields.newPassword).toBe(TOO_GUESSABLE);

    const fresh = await buildTestApp();
    const install = await fresh.inject({
      method: 'POST',
      url: '/api/install',
      payload: installPayload({
        admin: { ...TEST_ADMIN, username: 'head', email: 'head@school.test', password: 'password1234' },
      }),
    });
    expect(install.statusCode).toBe(400);
    expect(install.json().fields['admin.password']).toBe(TOO_GUESSABLE);
    await fresh.close();
  });

  it('a school may raise the minimum length: new passwords follow it, existing ones keep working', async () => {
    const short = await createUser(app, { role: 'user', username: 'short', password: 'kite-7x' });
    expect((await put('/api/security/settings', adminCookie, { minPasswordLength: 12 })).statusCode).toBe(200);
    expect((await app.inject('/api/auth/password-policy')).json().data).toMatchObject({
      minLength: 12,
      hint: 'At least 12 characters; not a common password or an easy pattern.',
    });
    const refused = await createStaff('maple-kite9');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.password).toBe('Password must be at least 12 characters long');
    expect((await createStaff('maple-kite-lantern')).statusCode).toBe(201);
    expect((await signIn(app, short.username, 'kite-7x')).sid).toBeDefined();
  });

  describe('PUT /api/security/settings (settings: write)', () => {
    it('answers 401 and 403, checks the bounds, and saves', async () => {
      expect((await put('/api/security/settings', undefined, { minPasswordLength: 8 })).statusCode).toBe(401);
      const users = await createUser(app, { role: null, permissions: { users: { read: true, write: true } } });
      const denied = await put('/api/security/settings', await sessionCookie(app, users), { minPasswordLength: 8 });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error).toBe('Needs settings: write');
      for (const [field, value] of [
        ['minPasswordLength', 5],
        ['minPasswordLength', 65],
        ['sessionIdleHours', 0],
        ['sessionMaxDays', 366],
        ['auditRetentionMonths', 0],
        ['auditRetentionMonths', 'many'],
      ] as const) {
        const res = await put('/api/security/settings', adminCookie, { [field]: value });
        expect(res.statusCode, `${field}=${value}`).toBe(400);
        expect(res.json().fields[field]).toBeDefined();
      }
      const saved = await put('/api/security/settings', adminCookie, { sessionIdleHours: 8, auditRetentionMonths: 24 });
      expect(saved.json().data).toEqual({
        minPasswordLength: 6,
        sessionIdleHours: 8,
        sessionMaxDays: 30,
        auditRetentionMonths: 24,
        enquiryRetentionMonths: 24,
        familyAccessAfterLeaving: { amount: 3, unit: 'months' },
        photosAfterLeaving: { amount: 12, unit: 'months' },
      });
      const read = await app.inject({ url: '/api/security', headers: { cookie: adminCookie } });
      expect(read.json().data).toEqual({ settings: saved.json().data, twoFactor: { mode: 'off', roleIds: [] } });
      expect((await app.inject('/api/security')).statusCode).toBe(401);
    });
  });

  describe('the periods after a child leaves (issue 32, decision 27)', () => {
    it('takes whole days or whole months within bounds, and refuses anything else with the field named', async () => {
      const path = (key: string) => `${key}.amount`;
      for (const [key, value, field, message] of [
        ['familyAccessAfterLeaving', { amount: 0, unit: 'days' }, path('familyAccessAfterLeaving'), 'must be at least 1'],
        ['familyAccessAfterLeaving', { amount: 1.5, unit: 'months' }, path('familyAccessAfterLeaving'), 'whole number'],
        ['familyAccessAfterLeaving', { amount: 61, unit: 'months' }, path('familyAccessAfterLeaving'), 'at most 60 months'],
        ['photosAfterLeaving', { amount: 731, unit: 'days' }, path('photosAfterLeaving'), 'at most 730'],
        ['photosAfterLeaving', { amount: 'soon', unit: 'months' }, path('photosAfterLeaving'), 'must be a number'],
        ['photosAfterLeaving', { amount: 3, unit: 'weeks' }, 'photosAfterLeaving.unit', 'choose days or months'],
        ['photosAfterLeaving', 12, 'photosAfterLeaving', ''],
      ] as const) {
        const res = await put('/api/security/settings', adminCookie, { [key]: value });
        expect(res.statusCode, JSON.stringify(value)).toBe(400);
        expect(res.json().fields[field], JSON.stringify(value)).toContain(message);
      }
      const before = (await app.inject({ url: '/api/security', headers: { cookie: adminCookie } })).json().data.settings;
      expect(before).toMatchObject({
        familyAccessAfterLeaving: { amount: 3, unit: 'months' },
        photosAfterLeaving: { amount: 12, unit: 'months' },
      });
      const saved = await put('/api/security/settings', adminCookie, {
        familyAccessAfterLeaving: { amount: '45', unit: 'days' },
        photosAfterLeaving: { amount: 60, unit: 'months' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({
        familyAccessAfterLeaving: { amount: 45, unit: 'days' },
        photosAfterLeaving: { amount: 60, unit: 'months' },
      });
    });
  });

  describe('PUT /api/security/two-factor (users: write)', () => {
    it('answers 401 and 403, refuses unknown roles and an empty choice', async () => {
      expect((await put('/api/security/two-factor', undefined, { mode: 'all' })).statusCode).toBe(401);
      const settingsOnly = await createUser(app, { role: null, permissions: { settings: { read: true, write: true } } });
      const denied = await put('/api/security/two-factor', await sessionCookie(app, settingsOnly), { mode: 'all' });
      expect(denied.json().error).toBe('Needs users: write');
      expect((await put('/api/security/two-factor', adminCookie, { mode: 'roles', roleIds: [] })).statusCode).toBe(400);
      expect((await put('/api/security/two-factor', adminCookie, { mode: 'roles', roleIds: [987654] })).statusCode).toBe(400);
      expect((await put('/api/security/two-factor', adminCookie, { mode: 'sometimes' })).statusCode).toBe(400);
      const ok = await put('/api/security/two-factor', adminCookie, { mode: 'roles', roleIds: [admin.roleId, admin.roleId] });
      expect(ok.json().data).toEqual({ mode: 'roles', roleIds: [admin.roleId] });
    });
  });
});
