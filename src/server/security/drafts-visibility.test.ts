import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createGallery, createPost, fileOf, multipart, pngBytes } from '../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../test/factories.ts';

// DESIGN §6: drafts are read with the module's read permission; everyone else, signed in or not,
// sees what is published, as parents do.

let app: FastifyInstance;
const cookies: Record<'unassigned' | 'blogReader' | 'galleryReader', string> = {} as never;
let draftPost: { id: number; slug: string };
let draftGallery: { id: number };

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  cookies.unassigned = await sessionCookie(app, await createUser(app, { role: null }));
  cookies.blogReader = await sessionCookie(app, await createUser(app, { role: null, permissions: { blog: { read: true } } }));
  cookies.galleryReader = await sessionCookie(
    app,
    await createUser(app, { role: null, permissions: { gallery: { read: true } } }),
  );
  draftPost = await createPost(app, { slug: 'surprise-party', status: 'draft', publishedAt: null });
  await createPost(app, { slug: 'open-day', status: 'published' });
  draftGallery = await createGallery(app, { title: 'Not yet', published: false });
  await createGallery(app, { title: 'Sports day', published: true });
});
afterAll(() => app.close());

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const slugsOf = async (cookie?: string) =>
  ((await get('/api/posts', cookie)).json().data as Array<{ slug: string }>).map((p) => p.slug);
const galleryIdsOf = async (cookie?: string) =>
  ((await get('/api/admin/galleries', cookie)).json().data as Array<{ id: number }>).map((g) => g.id);

describe('posts', () => {
  it('shows drafts only to staff with blog: read', async () => {
    for (const cookie of [undefined, cookies.unassigned, cookies.galleryReader]) {
      expect(await slugsOf(cookie)).toEqual(['open-day']);
      expect((await get(`/api/posts/${draftPost.id}`, cookie)).statusCode).toBe(404);
      expect((await get('/api/posts/slug/surprise-party', cookie)).statusCode).toBe(404);
      expect((await get('/api/posts', cookie)).json().total).toBe(1);
    }
    expect(await slugsOf(cookies.blogReader)).toEqual(expect.arrayContaining(['open-day', 'surprise-party']));
    expect((await get(`/api/posts/${draftPost.id}`, cookies.blogReader)).statusCode).toBe(200);
    expect((await get('/api/posts/slug/surprise-party', cookies.blogReader)).statusCode).toBe(200);
  });

  it("never tells a caller without blog: read whether a draft's slug exists", async () => {
    const refused = await get('/api/posts/check-slug/surprise-party', cookies.unassigned);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Needs blog: read');
    expect(refused.body).not.toContain('surprise-party');
    expect((await get('/api/posts/check-slug/surprise-party', cookies.blogReader)).json()).toMatchObject({ exists: true });
  });

  it('lets a blog reader read but not write', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: cookies.blogReader },
      payload: { title: 'T', slug: 't', content: '<p>x</p>' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Needs blog: write');
  });
});

describe('galleries', () => {
  it('shows drafts only to staff with gallery: read', async () => {
    for (const cookie of [undefined, cookies.unassigned, cookies.blogReader]) {
      expect(await galleryIdsOf(cookie)).not.toContain(draftGallery.id);
      expect((await get(`/api/admin/galleries/${draftGallery.id}`, cookie)).statusCode).toBe(404);
    }
    expect(await galleryIdsOf(cookies.galleryReader)).toContain(draftGallery.id);
    expect((await get(`/api/admin/galleries/${draftGallery.id}`, cookies.galleryReader)).statusCode).toBe(200);
  });
});

describe('uploads', () => {
  it('need gallery, blog or website write', async () => {
    const form = new FormData();
    form.append('image', fileOf(await pngBytes()), 'a.png');
    const body = await multipart(form);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/cover',
      ...body,
      headers: { ...body.headers, cookie: cookies.blogReader },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Needs gallery: write, blog: write or website: write');
    const writer = await sessionCookie(app, await createUser(app, { role: null, permissions: { gallery: { write: true } } }));
    const stored = await app.inject({ method: 'POST', url: '/api/cover', ...body, headers: { ...body.headers, cookie: writer } });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().url).toMatch(/^\/uploads\//);
  });
});
