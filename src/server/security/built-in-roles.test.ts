import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createCategory, multipart } from '../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../test/factories.ts';

// Issue 29: the school's first teacher, given the built-in "User" role, had every right in the back
// office (backups, every password hash). The built-in roles are now what their names say.

let app: FastifyInstance;
let teacher: string;
let manager: string;
let colleague: { id: number };

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  await createCategory(app, 'Workshop');
  teacher = await sessionCookie(app, await createUser(app, { role: 'user' }));
  manager = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  colleague = await createUser(app, { role: 'user' });
});
afterAll(() => app.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const DAY = 24 * 3600_000;
const event = (title: string) => ({
  title,
  description: 'Games, music and food.',
  category: 'workshop',
  location: 'Main Branch',
  start_date: new Date(Date.now() + 3 * DAY).toISOString(),
  end_date: new Date(Date.now() + 4 * DAY).toISOString(),
  status: 'upcoming',
});

async function newPost(cookie: string, title: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, slug: title, excerpt: 'Seeds.', content: '<p>Hi</p>', status: 'published' }))
    form.append(k, v);
  const { payload, headers } = await multipart(form);
  return app.inject({ method: 'POST', url: '/api/posts', headers: { ...headers, cookie }, payload });
}

/** Staff administration, settings and backups: refused to both built-in roles below administrator. */
const administration: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: () => string, body?: object]> = [
  ['GET', () => '/api/auth/users'],
  ['POST', () => '/api/users/create', { username: 'x', email: 'x@school.test', password: 'maple-kite-lantern' }],
  ['PUT', () => `/api/users/password/${colleague.id}`, { newPassword: 'maple-kite-lantern' }],
  ['GET', () => '/api/roles/get'],
  ['POST', () => '/api/roles/create', { name: 'x', displayName: 'X' }],
  ['PUT', () => '/api/school', {}],
  ['PUT', () => '/api/security/settings', {}],
  ['POST', () => '/api/categories', { name: 'Trips' }],
  ['GET', () => '/api/backups'],
];

describe('a teacher with the built-in "User" role', () => {
  it('writes posts and events', async () => {
    expect((await newPost(teacher, 'Garden week')).statusCode).toBe(201);
    const created = await call(teacher, 'POST', '/api/events', event('Spring Fair'));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect((await call(teacher, 'PUT', `/api/events/${id}`, event('Spring Fair, moved'))).statusCode).toBe(200);
    const removed = await call(teacher, 'DELETE', `/api/events/${id}`);
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe('Needs events: delete');
  });

  it('reaches no staff administration, settings, backups or enquiries', async () => {
    for (const [method, url, body] of [...administration, ['GET', () => '/api/enquiries'] as const]) {
      const res = await call(teacher, method, url(), body);
      expect(res.statusCode, `${method} ${url()}`).toBe(403);
    }
  });
});

describe('a member of staff with the built-in "Manager" role', () => {
  it('runs the website and the enquiries, deleting too', async () => {
    expect((await newPost(manager, 'Sports day')).statusCode).toBe(201);
    const created = await call(manager, 'POST', '/api/events', event('Open day'));
    expect(created.statusCode).toBe(201);
    expect((await call(manager, 'DELETE', `/api/events/${created.json().data.id}`)).statusCode).toBe(200);
    expect((await call(manager, 'GET', '/api/enquiries')).statusCode).toBe(200);
  });

  it('reaches no staff administration, settings or backups', async () => {
    for (const [method, url, body] of administration) {
      const res = await call(manager, method, url(), body);
      expect(res.statusCode, `${method} ${url()}`).toBe(403);
    }
  });
});
