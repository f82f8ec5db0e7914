import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events } from '../db/schema/index.ts';
import { ICS_MAX_EVENTS } from '../modules/feeds/feeds.service.ts';
import { smallestCopiesDone } from '../plugins/compression.ts';
import { DIST_DIR } from '../plugins/render.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createCategory, createPost } from '../test/content-factories.ts';
import { installTestSchool } from '../test/factories.ts';

// The page cache is keyed by what a page reads, not by the URL asked for: a stranger's endless
// query strings and paths must neither grow memory nor push real pages out.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

let app: FastifyInstance;
let categoryId: number;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  if (!built) return;
  app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
  await installTestSchool(app);
  categoryId = (await createCategory(app, 'Outing')).id;
  // Two pages of posts (9 a page).
  for (let i = 1; i <= 12; i++) await createPost(app, { title: `Diary ${i}`, slug: `diary-${i}` });
});
afterAll(() => app?.close());
beforeEach(() => app?.pageCache.clear());

const get = (url: string) => app.inject({ url });
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe.skipIf(!built)('page cache keys', () => {
  it('keeps one entry per page whatever the order and the unknown parameters', async () => {
    const clean = await get('/blog?page=2');
    for (const url of ['/blog?page=2&x=1', '/blog?x=9&page=2', '/blog?page=02&utm_source=mail', '/blog?page=2.0']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(clean.body);
      expect(res.headers.etag).toBe(clean.headers.etag);
    }
    expect(canonical(clean.body)).toBe('https://school.example/blog?page=2');
    expect(app.pageCache.size).toBe(1);
  });

  it('renders a URL with junk parameters as the clean URL, canonical link included, and shares its entry', async () => {
    const junk = await get('/events?utm_campaign=x&ref=%3Cscript%3E');
    app.pageCache.clear();
    const clean = await get('/events');
    expect(junk.body).toBe(clean.body);
    expect(canonical(junk.body)).toBe('https://school.example/events');
    expect(junk.body).not.toContain('utm_campaign');
    expect((await get('/events?ref=y')).body).toBe(clean.body);
    expect(app.pageCache.size).toBe(1);
  });

  it('makes no entry per query string on pages that read none', async () => {
    for (let i = 0; i < 200; i++) expect((await get(`/about?x=${i}`)).statusCode).toBe(200);
    expect(app.pageCache.size).toBe(1);
  });

  it('reads an invalid page number as the route does: page 1, or the last page number allowed', async () => {
    const first = await get('/blog');
    for (const page of ['abc', '-1', '0', '1', '1.5', '', '1e999']) {
      const res = await get(`/blog?page=${page}`);
      expect(res.headers.etag).toBe(first.headers.etag);
    }
    expect(app.pageCache.size).toBe(1);
    for (const page of [10_000, 10_001, 99_999_999]) expect((await get(`/blog?page=${page}`)).statusCode).toBe(404);
    expect(app.pageCache.size).toBe(2);
  });

  it('answers 404 for a page past the last, not one more empty list', async () => {
    const res = await get('/blog?page=3');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Oops! Page not found');
    expect((await get('/events?page=2')).statusCode).toBe(404);
  });

  it('gives a path in another spelling the canonical link of the page', async () => {
    for (const path of ['/About', '/about/', '/about//']) {
      expect(canonical((await get(path)).body)).toBe('https://school.example/about');
    }
  });

  it('lets no number of unknown paths or spellings push a real page out', async () => {
    const about = await get('/about');
    const strays = [...Array.from({ length: 1100 }, (_, i) => `/no-such-page-${i}`), '/ABOUT', '/About/', '/event/999'];
    for (const url of strays) expect([404, 200]).toContain((await get(url)).statusCode);
    expect(app.pageCache.size).toBeLessThanOrEqual(101);
    expect(app.pageCache.get('/about')?.etag).toBe(about.headers.etag);
  }, 120_000);

  it('keeps one entry per feed whatever the query string', async () => {
    for (let i = 0; i < 50; i++) {
      expect((await get(`/robots.txt?v=${i}`)).statusCode).toBe(200);
      expect((await get(`/events.ics?v=${i}`)).statusCode).toBe(200);
    }
    expect(app.pageCache.size).toBe(2);
  });

  it('counts each page with its compressed copies and stays under its byte cap', async () => {
    const plain = await get('/');
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    await smallestCopiesDone();
    const page = app.pageCache.get('/')!;
    expect(app.pageCache.bytes).toBe(plain.rawPayload.length + page.br!.length + page.gzip!.length);
  });
});

describe.skipIf(!built)('/events.ics', () => {
  async function insertEvents(name: string, count: number, startOf: (i: number) => number) {
    const rows = Array.from({ length: count }, (_, i) => ({
      title: `${name} ${i}`,
      slug: `${name.toLowerCase().replace(/ /g, '-')}-${i}`,
      description: 'Families are welcome to join us for games, music and snacks.',
      location: 'Main Branch',
      categoryId,
      startDate: new Date(startOf(i)),
      status: 'upcoming' as const,
    }));
    for (let i = 0; i < rows.length; i += 500) await app.db.insert(events).values(rows.slice(i, i + 500));
  }
  const summaries = (ics: string) => [...ics.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim());

  it('holds only the school year around today, bounded however many events there are', async () => {
    const now = Date.now();
    const outside = { description: '', location: '', categoryId };
    await app.db.insert(events).values([
      { ...outside, title: 'Two years ago', slug: 'two-years-ago', startDate: new Date(now - 2 * 365 * DAY) },
      { ...outside, title: 'Long ago', slug: 'long-ago', startDate: new Date(now - 400 * DAY) },
      { ...outside, title: 'Far ahead', slug: 'far-ahead', startDate: new Date(now + 500 * DAY) },
    ]);
    // 3,000 events three hours apart, all inside the year: 2,500 past, 500 to come.
    await insertEvents('Bulk event', 3000, (i) => now + (i - 2500) * 3 * 3600_000 + 3600_000);
    app.pageCache.clear();
    const res = await get('/events.ics');
    expect(res.statusCode).toBe(200);
    const titles = summaries(res.body);
    expect(titles).toHaveLength(ICS_MAX_EVENTS);
    expect(titles.filter((t) => t.startsWith('Bulk event'))).toHaveLength(ICS_MAX_EVENTS);
    // Soonest first: the latest 500 past ones, then all 500 to come.
    expect(titles[0]).toBe('Bulk event 2000');
    expect(titles.at(-1)).toBe('Bulk event 2999');
    expect(titles).not.toContain('Bulk event 1999');
    for (const title of ['Two years ago', 'Long ago', 'Far ahead']) expect(titles).not.toContain(title);
    expect(res.rawPayload.length).toBeLessThan(ICS_MAX_EVENTS * 1024);
    // Cached: the same bytes again without building.
    expect((await get('/events.ics')).headers.etag).toBe(res.headers.etag);
  }, 60_000);
});
