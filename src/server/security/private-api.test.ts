import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createPost } from '../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../test/factories.ts';

// What depends on the session, or is not public, is neither told to anonymous callers nor kept by caches.

let app: FastifyInstance;
let staff: string;
let admin: string;
let draftId: number;

beforeAll(async () => {
  app = await buildTestApp();
  // A route that means to be cached (none of the API does yet): the default must not overwrite it.
  app.get('/api/test-cacheable', async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send({}));
  const installed = await installTestSchool(app);
  admin = await sessionCookie(app, installed.admin);
  // A blog writer: sees drafts, may not manage categories (settings).
  staff = await sessionCookie(app, await createUser(app, { role: null, permissions: { blog: { read: true, write: true } } }));
  draftId = (await createPost(app, { slug: 'secret-plans', status: 'draft' })).id;
});
afterAll(() => app.close());

describe('GET /api/posts/check-slug/{slug}', () => {
  it("answers 401 signed out, so a draft's slug stays private", async () => {
    const res = await app.inject({ url: '/api/posts/check-slug/secret-plans' });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('secret-plans');
  });

  it('answers the post editor of a user who may read the blog', async () => {
    const res = await app.inject({ url: '/api/posts/check-slug/secret-plans', headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: false, exists: true, slug: 'secret-plans' });
  });
});

describe('Cache-Control on /api', () => {
  const privateAnswers = () => [
    { url: '/api/enquiries', cookie: admin },
    { url: '/api/enquiries', cookie: undefined },
    { url: '/api/auth/user', cookie: admin },
    { url: '/api/posts', cookie: admin },
    { url: `/api/posts/${draftId}`, cookie: admin },
    { url: '/api/admin/galleries', cookie: admin },
    { url: '/api/events', cookie: admin },
    { url: '/api/posts/check-slug/anything', cookie: staff },
    { url: '/api/no-such-thing', cookie: undefined },
  ];

  it('is no-store on every answer that depends on the session or is not public', async () => {
    for (const { url, cookie } of privateAnswers()) {
      const res = await app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toBe('no-store');
    }
  });

  it('is no-store on writes and their errors too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/categories', headers: { cookie: staff }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps a header a route sets on purpose, and leaves the public feeds cacheable', async () => {
    expect((await app.inject({ url: '/api/test-cacheable' })).headers['cache-control']).toBe('public, max-age=60');
    expect((await app.inject({ url: '/robots.txt' })).headers['cache-control']).toBe('public, max-age=300');
  });
});
