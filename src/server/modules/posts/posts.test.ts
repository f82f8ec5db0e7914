import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createPost, fileOf, multipart, pngBytes } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { getPostBySlug, listPosts } from './posts.service.ts';
import { PostSchema } from '../../../shared/schemas/post.ts';

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
});
afterAll(() => app.close());

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string | string[]>, cover?: Blob, auth = true) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) form.append(k, item);
  if (cover) form.append('coverImage', cover, 'cover.png');
  const { payload, headers } = await multipart(form);
  return app.inject({ method, url, headers: auth ? { ...headers, cookie } : headers, payload });
}

const fields = (over: Record<string, string | string[]> = {}) => ({
  title: 'Our Garden Week',
  slug: 'Our Garden Week!',
  excerpt: 'Seeds and sunshine.',
  content:
    '<h2>Planting</h2><p><strong>Bold</strong> <u>under</u> <span style="color: #e11d48">red</span> <mark data-color="#fef08a" style="background-color: #fef08a">hi</mark></p><ul><li>one</li></ul><p><a href="https://school.test">link</a></p>',
  status: 'published',
  tags: '["Garden","Nature"]',
  ...over,
});

describe('POST /api/posts (multipart)', () => {
  it('creates a post with a cover, normalised slug, tags and the author name', async () => {
    const res = await send('POST', '/api/posts', fields(), fileOf(await pngBytes(1200, 600)));
    expect(res.statusCode).toBe(201);
    const post = res.json().data;
    expect(PostSchema.strict().parse(post)).toEqual(post);
    expect(res.json().success).toBe(true);
    expect(post).toMatchObject({
      title: 'Our Garden Week',
      slug: 'our-garden-week',
      status: 'published',
      tags: ['Garden', 'Nature'],
      author: expect.any(String),
    });
    expect(post.cover_image).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(post.cover_meta.variants).toHaveLength(3);
    expect(post.published_at).not.toBeNull();
    expect(post.content).toContain('<span style="color:#e11d48">red</span>');
    expect(post.content).toContain('<u>under</u>');
    expect(post.content).toContain('rel="noopener noreferrer nofollow"');
  });

  it('sanitises scripts, event handlers, javascript: links and iframes', async () => {
    const res = await send(
      'POST',
      '/api/posts',
      fields({
        slug: 'xss',
        content:
          '<p onclick="alert(1)">ok<script>alert(1)</script><a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe><img src=x onerror=alert(1)></p>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const html = res.json().data.content;
    expect(html).not.toMatch(/script|onclick|javascript:|iframe|onerror|<img/i);
    expect(html).toContain('ok');
  });

  it('refuses a taken slug with 409', async () => {
    await createPost(app, { slug: 'taken-slug' });
    const res = await send('POST', '/api/posts', fields({ slug: 'Taken slug' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This URL is already in use.');
  });

  it('refuses missing title, slug or content', async () => {
    const res = await send('POST', '/api/posts', fields({ title: '', slug: '!!!', content: '<p></p>' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['content', 'slug', 'title']);
  });

  it('refuses a disguised cover file, and anonymous writers', async () => {
    const html = fileOf(Buffer.from('<html>hi</html>'), 'image/jpeg');
    expect((await send('POST', '/api/posts', fields({ slug: 'disguised' }), html)).statusCode).toBe(415);
    expect((await send('POST', '/api/posts', fields({ slug: 'anon' }), undefined, false)).statusCode).toBe(401);
  });

  it('accepts JSON too, and comma-separated tags', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie },
      payload: { ...fields({ slug: 'json-post', status: 'draft' }), tags: 'a, b, A' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ tags: ['A', 'b'], status: 'draft', published_at: null });
  });
});

describe('reading posts', () => {
  it('hides drafts from anonymous readers', async () => {
    const draft = await createPost(app, { slug: 'draft-one', status: 'draft', publishedAt: null });
    const anon = await app.inject({ url: '/api/posts' });
    expect(anon.json().data.map((p: { id: number }) => p.id)).not.toContain(draft.id);
    expect((await app.inject({ url: `/api/posts/${draft.id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/posts/slug/draft-one' })).statusCode).toBe(404);
    const staff = await app.inject({ url: `/api/posts/slug/draft-one`, headers: { cookie } });
    expect(staff.json()).toMatchObject({ success: true, data: { id: draft.id, status: 'draft' } });
    expect(await getPostBySlug(app.db, 'draft-one', { includeDrafts: false })).toBeNull();
  });

  it('lists newest first with limit/offset', async () => {
    const all = await listPosts(app.db, { includeDrafts: true });
    const times = all.map((p) => p.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await app.inject({ url: '/api/posts?limit=1&offset=1', headers: { cookie } });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().data[0].id).toBe(all[1]!.id);
    expect(page.json().total).toBe(all.length);
  });

  it('answers 404 for unknown ids and slugs', async () => {
    expect((await app.inject({ url: '/api/posts/999999' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/posts/slug/nope' })).statusCode).toBe(404);
  });

  it('checks slug availability', async () => {
    await createPost(app, { slug: 'garden-news' });
    expect((await app.inject({ url: '/api/posts/check-slug/garden-news', headers: { cookie } })).json()).toEqual({
      available: false,
      exists: true,
      slug: 'garden-news',
    });
    expect((await app.inject({ url: '/api/posts/check-slug/Fresh%20Idea', headers: { cookie } })).json()).toEqual({
      available: true,
      exists: false,
      slug: 'fresh-idea',
    });
  });
});

describe('PUT and DELETE /api/posts/{id}', () => {
  it('updates (keeping the cover when none is sent) and deletes', async () => {
    const created = (
      await send('POST', '/api/posts', fields({ slug: 'edit-me', status: 'draft' }), fileOf(await pngBytes()))
    ).json().data;
    const res = await send(
      'PUT',
      `/api/posts/${created.id}`,
      fields({ slug: 'edit-me', title: 'Edited', status: 'published', tags: ['x', 'y'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Edited',
      status: 'published',
      cover_image: created.cover_image,
      tags: ['x', 'y'],
    });
    expect(res.json().data.published_at).not.toBeNull();
    const removed = await send('PUT', `/api/posts/${created.id}`, fields({ slug: 'edit-me', cover_image: '' }));
    expect(removed.json().data.cover_image).toBeNull();
    // The post was published: its history keeps the cover (a version may be restored) until the post goes.
    expect((await app.inject({ url: created.cover_image })).statusCode).toBe(200);
    const clash = await createPost(app, { slug: 'other-post' });
    expect((await send('PUT', `/api/posts/${created.id}`, fields({ slug: clash.slug }))).statusCode).toBe(409);
    expect((await send('PUT', '/api/posts/999999', fields({ slug: 'nobody' }))).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/posts/${created.id}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: `/api/posts/${created.id}`, headers: { cookie } })).json()).toEqual({
      success: true,
    });
    expect((await app.inject({ method: 'DELETE', url: `/api/posts/${created.id}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await app.inject({ url: created.cover_image })).statusCode).toBe(404);
  });
});
