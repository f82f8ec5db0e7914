import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_OFF, MODULES, ROLE_PRESETS, type SystemRole } from '../../../shared/permissions.ts';
import { rolePermissions, roles } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';

let app: FastifyInstance;
let adminCookie: string;
let viewer: string;
let writer: string;
let systemIds: Record<string, number>;

beforeAll(async () => {
  app = await buildTestApp();
  const { admin } = await installTestSchool(app);
  adminCookie = await sessionCookie(app, admin);
  viewer = await sessionCookie(app, await createUser(app, { role: null, permissions: { users: { read: true } } }));
  // Holds what roleInput() grants, so that the grants stay within the grantor's own (issue 29).
  const writes = { users: { read: true, write: true }, gallery: { read: true, write: true }, events: { read: true } };
  writer = await sessionCookie(app, await createUser(app, { role: null, permissions: writes }));
  const rows = await app.db.select().from(roles);
  systemIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

let seq = 0;
const roleInput = (over: Record<string, unknown> = {}) => ({
  name: `helper_${++seq}`,
  displayName: 'Classroom helper',
  description: 'Helps with the gallery',
  permissions: { gallery: { read: true, write: true, delete: false }, events: { read: true } },
  isSystem: false,
  createdBy: 12345,
  ...over,
});

async function made(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/roles/create', adminCookie, roleInput(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

describe('GET /api/roles/get and /api/roles/get/{id}', () => {
  it('answers 401 signed out and 403 without users: read', async () => {
    const noRole = await sessionCookie(app, await createUser(app, { role: null }));
    for (const url of ['/api/roles/get', `/api/roles/get/${systemIds.admin}`]) {
      expect((await call('GET', url)).statusCode).toBe(401);
      const refused = await call('GET', url, noRole);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Needs users: read');
    }
  });

  it('lists the system roles first, each with its fixed set, with user counts and counters', async () => {
    await made();
    const res = await call('GET', '/api/roles/get', viewer);
    expect(res.statusCode).toBe(200);
    const { data, total, counts } = res.json();
    expect(data.slice(0, 3).map((r: { name: string }) => r.name)).toEqual(['admin', 'manager', 'user']);
    expect(counts).toEqual({ total: data.length, system: 3, custom: data.length - 3 });
    expect(total).toBe(data.length);
    const adminRole = data[0];
    expect(Object.keys(adminRole).sort()).toEqual(
      [
        'id',
        'name',
        'displayName',
        'description',
        'isSystem',
        'permissions',
        'userCount',
        'createdBy',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(adminRole).toMatchObject({ displayName: 'Administrator', isSystem: true, userCount: 1 });
    for (const role of data.slice(0, 3)) {
      expect(Object.keys(role.permissions)).toEqual([...MODULES]);
      expect(role.permissions).toEqual(ROLE_PRESETS[role.name as SystemRole].permissions);
    }
  });

  it('reads one role; an unknown, non-numeric or out-of-range id is 404', async () => {
    const role = await made();
    const res = await call('GET', `/api/roles/get/${role.id}`, viewer);
    expect(res.json().data).toMatchObject({ id: role.id, isSystem: false, userCount: 0 });
    expect(res.json().data.permissions.gallery).toEqual({ read: true, write: true, delete: false });
    expect(res.json().data.permissions.events).toEqual({ read: true, write: false, delete: false });
    expect(res.json().data.permissions.users).toEqual(ALL_OFF);
    for (const id of ['987654', 'abc', '2147483648'])
      expect((await call('GET', `/api/roles/get/${id}`, viewer)).statusCode).toBe(404);
  });
});

describe('POST /api/roles/create', () => {
  it('answers 401 and 403 without users: write', async () => {
    expect((await call('POST', '/api/roles/create', undefined, roleInput())).statusCode).toBe(401);
    const refused = await call('POST', '/api/roles/create', viewer, roleInput());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Needs users: write');
  });

  it('creates a custom role with its permissions (modules left out are off); isSystem and createdBy are the server’s', async () => {
    const res = await call('POST', '/api/roles/create', writer, roleInput({ name: 'art_teacher', isSystem: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Added Roles successfully');
    const role = res.json().data;
    expect(role).toMatchObject({ name: 'art_teacher', displayName: 'Classroom helper', isSystem: false, userCount: 0 });
    expect(role.createdBy).not.toBe(12345);
    expect(await app.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).toHaveLength(MODULES.length);
  });

  it('keeps the name unique', async () => {
    const role = await made();
    const res = await call('POST', '/api/roles/create', adminCookie, roleInput({ name: role.name }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: `A role named ${role.name} already exists` });
    expect((await call('POST', '/api/roles/create', adminCookie, roleInput({ name: 'manager' }))).statusCode).toBe(409);
  });

  it('refuses a name that is not a lowercase identifier, a missing display name and unknown modules', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Teachers' }, 'name'],
      [{ name: '1st_year' }, 'name'],
      [{ name: 'art-room' }, 'name'],
      [{ name: 'a'.repeat(51) }, 'name'],
      [{ name: 5 }, 'name'],
      [{ displayName: '  ' }, 'displayName'],
      [{ displayName: 'Art\u0000' }, 'displayName'],
      [{ description: 'x'.repeat(501) }, 'description'],
      [{ permissions: { payroll: { read: true } } }, 'permissions'],
      [{ permissions: { blog: { read: 'yes' } } }, 'permissions.blog.read'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/roles/create', adminCookie, roleInput(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json().fields).join(), JSON.stringify(over)).toContain(field);
    }
  });
});

describe('a role named as staff name it (issue 31)', () => {
  it('derives the identifier from the display name when none is given', async () => {
    const res = await call(
      'POST',
      '/api/roles/create',
      adminCookie,
      roleInput({ name: undefined, displayName: 'Class teacher' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'class_teacher', displayName: 'Class teacher' });
    const blank = await call(
      'POST',
      '/api/roles/create',
      adminCookie,
      roleInput({ name: '  ', displayName: 'Élève de 2e année' }),
    );
    expect(blank.json().data.name).toBe('eleve_de_2e_annee');
    const digits = await call(
      'POST',
      '/api/roles/create',
      adminCookie,
      roleInput({ name: undefined, displayName: '2nd-year helpers!' }),
    );
    expect(digits.json().data.name).toBe('role_2nd_year_helpers');
  });

  it('keeps the identifier unique, and refuses a display name another role has, saying so on that field', async () => {
    await createRole(app, 'art_room', {});
    const first = await call('POST', '/api/roles/create', adminCookie, roleInput({ name: undefined, displayName: 'Art room' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.name).toBe('art_room_2');
    const again = await call('POST', '/api/roles/create', adminCookie, roleInput({ name: undefined, displayName: 'ART ROOM' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ displayName: 'A role called “ART ROOM” already exists: choose another name.' });
  });

  it('keeps a role’s identifier when an update leaves it out', async () => {
    const role = await made();
    const res = await call(
      'PUT',
      `/api/roles/update/${role.id}`,
      adminCookie,
      roleInput({ name: undefined, displayName: 'Renamed helper' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: role.name, displayName: 'Renamed helper' });
  });
});

describe('PUT /api/roles/update/{id}', () => {
  it('answers 401, 403 and 404', async () => {
    const role = await made();
    expect((await call('PUT', `/api/roles/update/${role.id}`, undefined, roleInput())).statusCode).toBe(401);
    expect((await call('PUT', `/api/roles/update/${role.id}`, viewer, roleInput())).statusCode).toBe(403);
    expect((await call('PUT', '/api/roles/update/987654', adminCookie, roleInput())).statusCode).toBe(404);
  });

  it("changes a custom role's name, display name and permissions; its users have the new set on their next request", async () => {
    const role = await made();
    const user = await createUser(app, { role: role.name });
    const cookie = await sessionCookie(app, user);
    const before = (await call('GET', '/api/auth/user', cookie)).json().user.permissions;
    expect(before.blog).toEqual(ALL_OFF);
    const res = await call(
      'PUT',
      `/api/roles/update/${role.id}`,
      adminCookie,
      roleInput({
        id: role.id,
        name: `${role.name}_x`,
        displayName: 'Blog helper',
        permissions: { blog: { read: true, write: true } },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Roles updated successfully');
    expect(res.json().data).toMatchObject({ name: `${role.name}_x`, displayName: 'Blog helper', userCount: 1 });
    const after = (await call('GET', '/api/auth/user', cookie)).json().user.permissions;
    expect(after.blog).toEqual({ read: true, write: true, delete: false });
    expect(after.gallery).toEqual(ALL_OFF);
  });

  it('refuses a name another role has', async () => {
    const [a, b] = [await made(), await made()];
    const res = await call('PUT', `/api/roles/update/${b.id}`, adminCookie, roleInput({ name: a.name }));
    expect(res.statusCode).toBe(409);
  });

  it('lets a system role change its display name and description only: no rename, switches locked', async () => {
    const id = systemIds.manager!;
    const renamed = await call('PUT', `/api/roles/update/${id}`, adminCookie, roleInput({ name: 'boss' }));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe('System roles cannot be renamed');
    const res = await call(
      'PUT',
      `/api/roles/update/${id}`,
      adminCookie,
      roleInput({ name: 'manager', displayName: 'Head of branch', description: 'Runs a branch', permissions: {} }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'manager',
      displayName: 'Head of branch',
      description: 'Runs a branch',
      isSystem: true,
    });
    expect(res.json().data.permissions).toEqual(ROLE_PRESETS.manager.permissions);
  });
});

describe('DELETE /api/roles/delete/{id}', () => {
  it('answers 401, 403 without users: delete, and 404', async () => {
    const role = await made();
    expect((await call('DELETE', `/api/roles/delete/${role.id}`)).statusCode).toBe(401);
    const refused = await call('DELETE', `/api/roles/delete/${role.id}`, writer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Needs users: delete');
    expect((await call('DELETE', '/api/roles/delete/987654', adminCookie)).statusCode).toBe(404);
  });

  it('deletes an unused custom role with its permissions', async () => {
    const role = await made();
    const res = await call('DELETE', `/api/roles/delete/${role.id}`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Roles deleted successfully' });
    expect(await app.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).toHaveLength(0);
  });

  it('never deletes a system role', async () => {
    for (const name of ['admin', 'manager', 'user']) {
      const res = await call('DELETE', `/api/roles/delete/${systemIds[name]}`, adminCookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'System roles cannot be deleted',
        message: 'System roles cannot be deleted',
        title: 'Cannot Delete',
      });
    }
  });

  it('refuses a role that users have, saying how many', async () => {
    const role = await createRole(app, 'lunch_staff', {});
    await createUser(app, { role: 'lunch_staff' });
    const one = await call('DELETE', `/api/roles/delete/${role.id}`, adminCookie);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe('1 user has this role: give them another role first');
    await createUser(app, { role: 'lunch_staff' });
    const two = await call('DELETE', `/api/roles/delete/${role.id}`, adminCookie);
    expect(two.json()).toMatchObject({ message: '2 users have this role: give them another role first', userCount: 2 });
  });
});

describe('grants never exceed the grantor (issue 29)', () => {
  // An "editor" who manages staff and writes posts: before issue 29 they set their own role to every module.
  let editorRoleId: number;
  let editor: string;
  const everything = Object.fromEntries(MODULES.map((m) => [m, { read: true, write: true, delete: true }]));
  const within = { users: { read: true, write: true }, blog: { read: true } };

  beforeAll(async () => {
    const role = await createRole(app, 'editor', {
      users: { read: true, write: true, delete: true },
      blog: { read: true, write: true },
    });
    editorRoleId = role.id;
    editor = await sessionCookie(app, await createUser(app, { role: 'editor' }));
  });

  it('refuses a non-administrator changing the role they hold, even to what it already has', async () => {
    const widen = await call(
      'PUT',
      `/api/roles/update/${editorRoleId}`,
      editor,
      roleInput({ name: 'editor', permissions: everything }),
    );
    expect(widen.statusCode).toBe(403);
    expect(widen.json().message).toBe('You cannot change the role you hold: ask an administrator.');
    const same = await call(
      'PUT',
      `/api/roles/update/${editorRoleId}`,
      editor,
      roleInput({ name: 'editor', permissions: within }),
    );
    expect(same.statusCode).toBe(403);
    const stored = await app.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, editorRoleId));
    expect(stored.find((p) => p.module === 'settings')).toMatchObject({ canRead: false, canWrite: false, canDelete: false });
  });

  it('creates a role only with permissions the grantor holds, naming what they lack', async () => {
    const wide = await call(
      'POST',
      '/api/roles/create',
      editor,
      roleInput({ permissions: { ...within, settings: { write: true }, blog: { delete: true } } }),
    );
    expect(wide.statusCode).toBe(403);
    expect(wide.json().message).toBe('You can only grant permissions you hold yourself: blog: delete, settings: write');
    expect((await call('POST', '/api/roles/create', editor, roleInput({ permissions: within }))).statusCode).toBe(201);
  });

  it('widens another role only within the grantor, and leaves alone a role that holds more', async () => {
    const narrow = await made({ permissions: { blog: { read: true } } });
    const widen = await call(
      'PUT',
      `/api/roles/update/${narrow.id}`,
      editor,
      roleInput({ name: narrow.name, permissions: everything }),
    );
    expect(widen.statusCode).toBe(403);
    expect(widen.json().message).toMatch(/^You can only grant permissions you hold yourself: gallery: read, /);
    const ok = await call('PUT', `/api/roles/update/${narrow.id}`, editor, roleInput({ name: narrow.name, permissions: within }));
    expect(ok.statusCode).toBe(200);

    const stronger = await made({ permissions: { leads: { read: true } } });
    const narrowing = await call(
      'PUT',
      `/api/roles/update/${stronger.id}`,
      editor,
      roleInput({ name: stronger.name, permissions: {} }),
    );
    expect(narrowing.statusCode).toBe(403);
    expect(narrowing.json().message).toBe('This role holds permissions you do not (leads: read): ask an administrator.');
  });

  it('keeps the built-in roles, their names and descriptions too, for administrators', async () => {
    for (const name of ['admin', 'manager', 'user']) {
      const res = await call(
        'PUT',
        `/api/roles/update/${systemIds[name]}`,
        editor,
        roleInput({ name, displayName: 'Renamed', permissions: {} }),
      );
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message).toBe('Only an administrator can change the built-in roles.');
    }
  });
});
