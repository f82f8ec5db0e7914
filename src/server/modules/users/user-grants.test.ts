import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../shared/permissions.ts';
import { roles, sessions, settings, userPermissions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { enableTwoFactor, signIn, whoAmI } from '../../test/sign-in.ts';

// Issue 29: a non-administrator with `users: write` gave themselves and others every module. Now
// nobody grants what they do not hold, nor manages someone who holds more.

let app: FastifyInstance;
let adminCookie: string;
/** Manages staff and writes posts: users read/write/delete, blog read/write. */
let editor: Awaited<ReturnType<typeof createUser>>;
let editorCookie: string;
let roleIds: Record<string, number>;

beforeAll(async () => {
  app = await buildTestApp();
  const { admin } = await installTestSchool(app);
  adminCookie = await sessionCookie(app, admin);
  await createRole(app, 'editor', { users: { read: true, write: true, delete: true }, blog: { read: true, write: true } });
  await createRole(app, 'blogger', { blog: { read: true, write: true } });
  editor = await createUser(app, { role: 'editor', username: 'editor' });
  editorCookie = await sessionCookie(app, editor);
  roleIds = Object.fromEntries((await app.db.select().from(roles)).map((r) => [r.name, r.id]));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

let seq = 0;
const fresh = (roleId: number | null) => {
  seq += 1;
  return {
    username: `new${seq}`,
    email: `new${seq}@school.test`,
    password: 'maple-kite-lantern',
    firstName: 'Ravi',
    lastName: 'Shah',
    roleId,
  };
};
const everyModule = MODULES.map((module) => ({ module, enabled: true, canRead: true, canWrite: true, canDelete: true }));

describe('what a non-administrator may grant', () => {
  it('refuses their own permissions and role, whatever is sent (403)', async () => {
    const own = await call('PUT', `/api/users/permission/${editor.id}`, editorCookie, { permissions: everyModule });
    expect(own.statusCode).toBe(403);
    const role = await call('PUT', `/api/users/role/${editor.id}`, editorCookie, { roleId: roleIds.blogger });
    expect(role.statusCode).toBe(403);
    const update = await call('PUT', `/api/users/update/${editor.id}`, editorCookie, {
      ...fresh(roleIds.manager!),
      username: 'editor',
      email: editor.email,
      password: '',
    });
    expect(update.statusCode).toBe(403);
    expect(await app.db.select().from(userPermissions).where(eq(userPermissions.userId, editor.id))).toHaveLength(0);
  });

  it('creates an account only with a role within their own permissions, naming what they lack', async () => {
    const wide = await call('POST', '/api/users/create', editorCookie, fresh(roleIds.manager!));
    expect(wide.statusCode).toBe(403);
    expect(wide.json().message).toBe(
      'You can only grant permissions you hold yourself: gallery: read, gallery: write, gallery: delete, events: read, ' +
        'events: write, events: delete, blog: delete, website: read, website: write, website: delete, families: read, families: write, notices: read, notices: write, notices: delete, leads: read, leads: write, leads: delete, settings: read',
    );
    expect((await call('POST', '/api/register', editorCookie, fresh(roleIds.user!))).statusCode).toBe(403);
    expect((await call('POST', '/api/users/create', editorCookie, fresh(roleIds.blogger!))).statusCode).toBe(201);
  });

  it("gives a user's own entries and a role only within their own permissions", async () => {
    const created = await call('POST', '/api/users/create', editorCookie, fresh(roleIds.blogger!));
    const id = created.json().data.id as number;
    const all = await call('PUT', `/api/users/permission/${id}`, editorCookie, { permissions: everyModule });
    expect(all.statusCode).toBe(403);
    expect(all.json().message).toMatch(/^You can only grant permissions you hold yourself: gallery: read, /);
    const within = [{ module: 'blog', canRead: true, canWrite: true }];
    expect((await call('PUT', `/api/users/permission/${id}`, editorCookie, { permissions: within })).statusCode).toBe(200);
    const toManager = await call('PUT', `/api/users/role/${id}`, editorCookie, { roleId: roleIds.manager });
    expect(toManager.statusCode).toBe(403);
    expect((await call('PUT', `/api/users/role/${id}`, editorCookie, { roleId: roleIds.editor })).statusCode).toBe(200);
  });
});

describe('whom a non-administrator may manage', () => {
  it('never sets the password of, deactivates, deletes or resets the second factor of someone who holds more', async () => {
    const manager = await createUser(app, { role: 'manager' });
    const lacked = /^This user holds permissions you do not \(gallery: read, .*\): ask an administrator\.$/;
    const password = await call('PUT', `/api/users/password/${manager.id}`, editorCookie, { newPassword: 'river-otter-lamp' });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toMatch(lacked);
    const admin = await call('POST', `/api/admin/user/${manager.id}/change-password`, editorCookie, {
      newPassword: 'river-otter-lamp',
    });
    expect(admin.statusCode).toBe(403);
    const details = { username: manager.username, email: manager.email, firstName: 'M', lastName: 'N' };
    const deactivate = await call('PUT', `/api/users/update/${manager.id}`, editorCookie, { ...details, status: 'inactive' });
    expect(deactivate.statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${manager.id}`, editorCookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/users/${manager.id}/two-factor/reset`, editorCookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/users/${manager.id}/sessions/end`, editorCookie)).statusCode).toBe(403);
    expect((await signIn(app, manager.username, TEST_PASSWORD)).sid).toBeDefined();
  });

  it('manages someone who holds no more than they do', async () => {
    const blogger = await createUser(app, { role: 'blogger' });
    const res = await call('PUT', `/api/users/password/${blogger.id}`, editorCookie, { newPassword: 'river-otter-lamp' });
    expect(res.statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${blogger.id}`, editorCookie)).statusCode).toBe(200);
  });
});

describe('POST /api/users/{id}/two-factor/reset', () => {
  it("ends the person's sessions (issue 29)", async () => {
    const teacher = await createUser(app, { role: 'user', username: 'phone_lost' });
    const sid = (await signIn(app, 'phone_lost', TEST_PASSWORD)).sid!;
    await enableTwoFactor(app, sid, TEST_PASSWORD);
    const other = await sessionCookie(app, teacher);
    expect(await whoAmI(app, other)).not.toBeNull();

    const res = await call('POST', `/api/users/${teacher.id}/two-factor/reset`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Two-factor sign-in was reset and their sessions were ended.' });
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, teacher.id))).toHaveLength(0);
    for (const cookie of [sid, other]) {
      expect(await whoAmI(app, cookie)).toBeNull();
    }
  });
});

describe('the note on the built-in roles (migration 0010)', () => {
  it('is shown to administrators until one of them dismisses it', async () => {
    const affected = [{ id: 7, username: 'asha', firstName: 'Asha', lastName: 'Rao', role: 'user' }];
    await app.db
      .insert(settings)
      .values({ key: 'built_in_roles_notice', value: { changedAt: '2026-11-28T03:00:00Z', affected } });
    const url = '/api/users/built-in-roles-notice';
    expect((await call('GET', url, adminCookie)).json().data).toEqual({ changedAt: '2026-11-28T03:00:00Z', affected });
    expect((await call('GET', url, editorCookie)).json().data).toBeNull();
    expect((await call('DELETE', url, editorCookie)).statusCode).toBe(403);
    expect((await call('DELETE', url, adminCookie)).statusCode).toBe(200);
    expect((await call('GET', url, adminCookie)).json().data).toBeNull();
  });
});
