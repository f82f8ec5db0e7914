import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL } from '../../../shared/schemas/school.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';

let app: FastifyInstance;
let admin: string;
let staff: string;

beforeAll(async () => {
  app = await buildTestApp();
  const { admin: user } = await installTestSchool(app);
  admin = await sessionCookie(app, user);
  // Staff who write the blog but may not change the school profile (settings).
  staff = await sessionCookie(app, await createUser(app, { role: null, permissions: { blog: { read: true, write: true } } }));
});
afterAll(() => app.close());

describe('GET /api/school', () => {
  it('answers the defaults before staff change anything: no hours or ages the school never gave', async () => {
    const res = await app.inject({ url: '/api/school' });
    expect(res.json().data).toMatchObject({ hours: '', ages: '' });
    expect(res.json().data.branches).toHaveLength(2);
  });
});

describe('PUT /api/school', () => {
  const change = { name: 'Little Oaks', email: 'office@littleoaks.example' };

  it('answers 401 signed out and 403 without the settings module', async () => {
    expect((await app.inject({ method: 'PUT', url: '/api/school', payload: change })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/school', payload: change, headers: { cookie: staff } })).statusCode,
    ).toBe(403);
  });

  it('saves a partial change over the current profile', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/school', payload: change, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...change, hours: DEFAULT_SCHOOL.hours });
    expect((await app.inject({ url: '/api/school' })).json().data.name).toBe('Little Oaks');
  });

  it('says which fields are wrong', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/school',
      headers: { cookie: admin },
      payload: { email: 'nope', branches: [{ ...TEST_BRANCHES[0], lat: 123 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['branches.0.lat', 'email']);
  });
});

describe('GET /api/site/*', () => {
  it('answers 404 for an unknown event or post', async () => {
    expect((await app.inject({ url: '/api/site/events/nope' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/site/posts/nope' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/site/galleries/99999999999' })).statusCode).toBe(404);
  });
  it('pages the events list', async () => {
    const res = await app.inject({ url: '/api/site/events?limit=3&offset=0' });
    expect(res.json().data).toEqual({ items: [], hasMore: false });
    expect((await app.inject({ url: '/api/site/events?limit=500' })).statusCode).toBe(400);
  });
});
