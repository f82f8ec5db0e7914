import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPermissions } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie } from '../test/factories.ts';

describe('requireUser and requirePermission', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    app.get('/api/test/staff', { preHandler: app.requireUser() }, async (req) => ({ id: req.user!.id }));
    app.delete('/api/test/users', { preHandler: app.requirePermission('users', 'delete') }, async () => ({ ok: true }));
    await installTestSchool(app);
  });
  afterAll(() => app.close());

  it('answers 401 to an anonymous caller', async () => {
    expect((await app.inject('/api/test/staff')).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/test/users' })).statusCode).toBe(401);
  });

  it('answers 403 naming the missing permission, and 2xx when allowed', async () => {
    await createRole(app, 'office', { users: { read: true, write: true } });
    const office = await createUser(app, { role: 'office' });
    const cookie = await sessionCookie(app, office);
    expect((await app.inject({ url: '/api/test/staff', headers: { cookie } })).json()).toEqual({ id: office.id });
    const refused = await app.inject({ method: 'DELETE', url: '/api/test/users', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'Needs users: delete', message: 'Needs users: delete' });

    const admin = await createUser(app, { role: 'admin' });
    const allowed = await app.inject({
      method: 'DELETE',
      url: '/api/test/users',
      headers: { cookie: await sessionCookie(app, admin) },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('lets per-user entries replace the role entirely', async () => {
    await createRole(app, 'reader', { blog: { read: true } });
    const user = await createUser(app, { role: 'reader' });
    const cookie = await sessionCookie(app, user);
    expect((await app.inject({ method: 'DELETE', url: '/api/test/users', headers: { cookie } })).statusCode).toBe(403);
    await app.db
      .insert(userPermissions)
      .values({ userId: user.id, module: 'users', enabled: true, canRead: true, canWrite: false, canDelete: true });
    expect((await app.inject({ method: 'DELETE', url: '/api/test/users', headers: { cookie } })).statusCode).toBe(200);
    await app.db.update(userPermissions).set({ enabled: false }).where(eq(userPermissions.userId, user.id));
    expect((await app.inject({ method: 'DELETE', url: '/api/test/users', headers: { cookie } })).statusCode).toBe(403);
  });

  it('ignores the session of an inactive user', async () => {
    const user = await createUser(app, { role: 'admin', status: 'inactive' });
    const cookie = await sessionCookie(app, user);
    expect((await app.inject({ url: '/api/test/staff', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses a write whose Origin is another site', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/test/users',
      headers: { origin: 'https://evil.example', host: 'school.test' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Cross-site/);
    const same = await app.inject({
      method: 'DELETE',
      url: '/api/test/users',
      headers: { origin: 'http://school.test', host: 'school.test' },
    });
    expect(same.statusCode).toBe(401);
  });
});
