import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory } from '../../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { ReadMemo } from './public-data.ts';

// A fresh render reads from memory (public-data.ts); every write drops what it remembered, with the
// page cache on or off, so a change is on the very next page.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

describe('ReadMemo', () => {
  it('answers a read from memory until cleared or a minute old', async () => {
    const memo = new ReadMemo();
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.read('k', load, 0)).toBe(1);
    expect(await memo.read('k', load, 59_000)).toBe(1);
    expect(await memo.read('k', load, 60_000)).toBe(2);
    memo.clear();
    expect(await memo.read('k', load, 60_000)).toBe(3);
  });

  it('keeps no failure, and at most 500 reads', async () => {
    const memo = new ReadMemo();
    await expect(memo.read('k', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await memo.read('k', async () => 'back')).toBe('back');
    let loads = 0;
    for (let i = 0; i < 600; i++) await memo.read(`page ${i}`, async () => ++loads);
    await memo.read('page 599', async () => ++loads);
    expect(loads).toBe(600);
    await memo.read('page 0', async () => ++loads); // pushed out by the newer ones
    expect(loads).toBe(601);
  });
});

describe.skipIf(!built).each([
  ['on', undefined],
  ['off', 'off'],
])('with the page cache %s', (_label, setting) => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    const before = process.env.SPROUT_PAGE_CACHE;
    if (setting) process.env.SPROUT_PAGE_CACHE = setting;
    try {
      app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
    } finally {
      if (before === undefined) delete process.env.SPROUT_PAGE_CACHE;
      else process.env.SPROUT_PAGE_CACHE = before;
    }
    admin = await sessionCookie(app, (await installTestSchool(app)).admin);
    await createCategory(app, 'Sports');
  });
  afterAll(() => app?.close());

  const page = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res;
  };
  const write = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url, payload, headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data;
  };

  // Eight renders: the first draws everything, the next ones keep the parts drawn once (lib/once.tsx).
  const renders = async (url: string) => {
    const all = [];
    for (let i = 0; i < 8; i++) all.push(await page(url));
    return all;
  };

  it('renders the same bytes again when nothing changed', async () => {
    for (const url of ['/', '/events', '/blog', '/about']) {
      const [first, ...again] = await renders(url);
      for (const res of again) {
        expect(res.headers.etag).toBe(first!.headers.etag);
        expect(res.rawPayload.equals(first!.rawPayload)).toBe(true);
      }
      // Compressed on the fly when not cached: the same bytes once decoded.
      const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(br.rawPayload).equals(first!.rawPayload)).toBe(true);
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gzip.rawPayload).equals(first!.rawPayload)).toBe(true);
    }
  });

  it('shows every write on the next page: school, events, posts', async () => {
    const oldName = /<title>[^<]*\| ([^<]+)<\/title>/.exec((await page('/')).body)![1]!;
    await renders('/');
    await renders('/events');
    await page('/blog');
    await write('PUT', '/api/school', { name: 'Little Oaks' });
    // In the header, the footer and the home page's sections: no part keeps the old name.
    for (const url of ['/', '/events']) {
      const { body } = await page(url);
      expect(body).toContain('Little Oaks');
      expect(body).not.toContain(oldName);
    }

    const event = await write('POST', '/api/events', {
      title: 'Kite Flying Morning',
      description: 'Kites on the lawn.',
      category: 'Sports',
      location: 'Main branch',
      start_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect((await page('/events')).body).toContain('Kite Flying Morning');
    expect((await page('/')).body).toContain('Kite Flying Morning');
    await write('PUT', `/api/events/${event.id}`, { ...event, category: 'Sports', title: 'Kite Flying Day' });
    const detail = await page(`/event/${event.slug ?? event.id}`);
    expect(detail.body).toContain('Kite Flying Day');
    expect((await page('/events')).body).not.toContain('Kite Flying Morning');

    const post = await write('POST', '/api/posts', {
      title: 'Our New Garden',
      slug: 'our-new-garden',
      content: '<p>Tomatoes and beans.</p>',
      status: 'published',
    });
    expect((await page('/blog')).body).toContain('Our New Garden');
    await page(`/blog/${post.slug}`);
    await write('PUT', `/api/posts/${post.id}`, {
      title: 'Our Vegetable Garden',
      slug: 'our-new-garden',
      content: '<p>Tomatoes.</p>',
      status: 'published',
    });
    expect((await page(`/blog/${post.slug}`)).body).toContain('Our Vegetable Garden');
    expect((await page('/blog')).body).not.toContain('Our New Garden');
  });
});
