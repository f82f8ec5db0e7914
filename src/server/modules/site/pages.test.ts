import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallestCopiesDone } from '../../plugins/compression.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent, createGallery, createPost } from '../../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';

// Server-rendered pages read without JavaScript (plain HTTP): content, titles, meta, JSON-LD, status.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

let app: FastifyInstance;
let admin: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  if (!built) return;
  app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
  const installed = await installTestSchool(app);
  admin = await sessionCookie(app, installed.admin);
  const conference = await createCategory(app, 'Conference');
  const gallery = await createGallery(app, {
    title: 'Fair Photos',
    published: true,
    images: ['https://example.com/1.jpg', 'https://example.com/2.jpg'],
  });
  await createEvent(app, {
    categoryId: conference.id,
    title: 'Spring Fair',
    slug: 'spring-fair',
    description: 'Games, music & food for the whole family.',
    startDate: new Date(Date.now() + 3 * DAY),
    endDate: new Date(Date.now() + 4 * DAY),
    galleryId: gallery.id,
  });
  await createEvent(app, { categoryId: conference.id, title: 'Past Picnic', startDate: new Date(Date.now() - 30 * DAY) });
  await createPost(app, {
    title: 'Learning Through Play',
    slug: 'learning-through-play',
    excerpt: 'Why play matters.',
    content: '<p>Play <strong>is</strong> learning.</p>',
    tags: ['play'],
  });
  await createPost(app, {
    title: 'Hostile',
    slug: 'hostile',
    content:
      '<p>ok</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe>',
  });
  await createPost(app, { title: 'Secret Draft', slug: 'secret-draft', status: 'draft', publishedAt: null });
});
afterAll(() => app?.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe.skipIf(!built)('public pages without JavaScript', () => {
  it('renders home with the hero, the first events, the school as JSON-LD and the social tags', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>A Place to Grow, Learn &amp; Shine | Sprout</title>');
    expect(html).toContain('aria-label="Happy children learning and playing in preschool"');
    expect(html).toContain('Spring Fair');
    // No testimonial the school never gave: the section is not drawn (issue 30).
    expect(html).not.toContain('Testimonials from parents');
    expect(html).toMatch(/<meta name="description" content="Where learning meets fun!/);
    expect(html).toContain('<link rel="canonical" href="https://school.example/"');
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="twitter:card"');
    expect(html).toMatch(/rel="preload" href="\/assets\/nunito-basic-wght-[^"]+\.woff2" as="font"/);
    const school = jsonLd(html).find((d) => d['@type'] === 'Preschool')!;
    expect(school.department).toHaveLength(2);
    // Hours the school never gave are not invented (structured-data.test.ts reads given ones).
    expect(school).not.toHaveProperty('openingHoursSpecification');
    // One inline script runs (the boot script), and the CSP allows it by the hash of its text.
    const inline = [...html.matchAll(/<script(?![^>]*type="application\/(ld\+)?json")(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]![2]!).digest('base64');
    expect(res.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`),
    );
  });

  it('inlines the whole public stylesheet in each page, rendered again to the same bytes', async () => {
    const home = (await get('/')).body;
    const href = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)" disabled \/>/.exec(home)![1]!;
    const file = readFileSync(join(DIST_DIR, 'client', href), 'utf8');
    expect(/<style>([\s\S]*?)<\/style>/.exec(home)![1]).toBe(file);
    // Rendered again (not from the page cache): the same bytes and ETag.
    const first = await get('/contact');
    app.pageCache.clear();
    const again = await get('/contact');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('draws the favicon from the page itself, as public/favicon.svg', async () => {
    const href = /<link rel="icon" href="([^"]+)"/.exec((await get('/')).body)![1]!;
    expect(href).toMatch(/^data:image\/svg\+xml,/);
    // A URL holds no raw spaces (the W3C checker reported every page for them).
    expect(href).not.toMatch(/\s/);
    const svg = readFileSync(join(import.meta.dirname, '../../../../public/favicon.svg'), 'utf8').trim();
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(svg.replace(/"/g, "'"));
  });

  it('renders every static page with its own title', async () => {
    for (const [path, text] of [
      ['/about', 'What Makes Us Different'],
      ['/programs', 'Kindergarten'],
      ['/curriculum', 'Social-Emotional Learning'],
      ['/admission', 'Form submitted'.slice(0, 0) + 'Instructions'],
      ['/contact', '* This field is required'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(text);
      expect(res.body, path).toMatch(new RegExp(`<link rel="canonical" href="https://school.example${path}"`));
    }
  });

  it('lists events and renders one by slug or id with Event JSON-LD', async () => {
    const list = (await get('/events')).body;
    expect(list).toContain('Past Picnic');
    // The first card's cover is the page's largest image on a phone: fetched at once and first.
    const covers = [...list.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes('event-placeholder'));
    expect(covers).toHaveLength(2);
    expect(covers[0]).toMatch(/loading="eager"[^>]*fetchpriority="high"/i);
    expect(covers[1]).toContain('loading="eager"');
    expect(covers[1]).not.toMatch(/fetchpriority/i);
    const res = await get('/event/spring-fair');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('About This Event');
    expect(res.body).toContain('Fair Photos');
    const event = jsonLd(res.body).find((d) => d['@type'] === 'Event')!;
    expect(event).toMatchObject({ name: 'Spring Fair', eventStatus: 'https://schema.org/EventScheduled' });
    const byId = await get(`/event/${(event.url as string).includes('spring-fair') ? '1' : '1'}`);
    expect(byId.statusCode).toBe(200);
  });

  it('answers 404 with the right texts for unknown pages, events and posts', async () => {
    expect((await get('/no-such-page')).statusCode).toBe(404);
    const event = await get('/event/nope');
    expect(event.statusCode).toBe(404);
    expect(event.body).toContain('Event not found.');
    const post = await get('/blog/nope');
    expect(post.statusCode).toBe(404);
    expect(post.body).toContain('Post not found');
    expect((await get('/blog/secret-draft')).statusCode).toBe(404);
  });

  it('renders the blog and a post with BlogPosting JSON-LD and the fallbacks', async () => {
    const list = await get('/blog');
    expect(list.body).toContain('Our Latest Blog Posts');
    expect(list.body).toContain('No excerpt available.');
    expect(list.body).not.toContain('Secret Draft');
    const res = await get('/blog/learning-through-play');
    expect(res.body).toContain('<strong>is</strong> learning');
    expect(jsonLd(res.body).find((d) => d['@type'] === 'BlogPosting')).toMatchObject({ headline: 'Learning Through Play' });
  });

  it('renders hostile post HTML inert', async () => {
    const res = await get('/blog/hostile');
    const article = res.body.slice(res.body.indexOf('prose-post'), res.body.indexOf('Share Post'));
    expect(article).toContain('ok');
    expect(article).not.toMatch(/<script|onerror|javascript:|<iframe/i);
  });

  it('serves cached pages with an ETag and 304, and drops them on a content write', async () => {
    const first = await get('/events');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/events', { 'if-none-match': etag })).statusCode).toBe(304);
    const write = await app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { cookie: admin },
      payload: { name: 'Workshop' },
    });
    expect(write.statusCode).toBe(201);
    expect(app.pageCache.size).toBe(0);
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/school',
      headers: { cookie: admin },
      payload: { name: 'Little Oaks' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await get('/events');
    expect(after.body).toContain('Little Oaks');
    expect(after.headers.etag).not.toBe(etag);
  });

  it('sends a cached page compressed fast at once, then in its smallest copy', async () => {
    app.pageCache.clear();
    const identity = (await get('/')).rawPayload;
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const fast = await get('/', { 'accept-encoding': encoding });
      expect(fast.headers['content-encoding']).toBe(encoding);
      await smallestCopiesDone();
      const smallest = await get('/', { 'accept-encoding': encoding });
      expect(smallest.headers.etag).toBe(fast.headers.etag);
      expect(smallest.rawPayload.length).toBeLessThan(fast.rawPayload.length);
      expect(decode(smallest.rawPayload).equals(identity)).toBe(true);
      expect(decode(fast.rawPayload).equals(identity)).toBe(true);
    }
  });
});

describe.skipIf(!built)('feeds', () => {
  it('serves robots.txt and a sitemap with lastmod for pages, events and posts', async () => {
    expect((await get('/robots.txt')).body).toContain('Sitemap: https://school.example/sitemap.xml');
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>https://school.example/event/spring-fair</loc><lastmod>');
    expect(sitemap).toContain('<loc>https://school.example/blog/learning-through-play</loc>');
    expect(sitemap).not.toContain('secret-draft');
  });

  it('sends a browser asking for /favicon.ico to the site icon, not a 404', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(301);
    expect(icon.headers.location).toBe('/favicon.svg');
  });

  it('serves the blog RSS and the calendars', async () => {
    const rss = await get('/blog/rss.xml');
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body).toContain('<title>Learning Through Play</title>');
    const ics = await get('/events.ics');
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('SUMMARY:Spring Fair');
    expect(ics.body).toContain('SUMMARY:Past Picnic');
    expect(ics.body).toContain('DESCRIPTION:Games\\, music & food for the whole family.');
    const one = await get('/events/spring-fair.ics');
    expect(one.headers['content-disposition']).toContain('spring-fair.ics');
    expect(one.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect((await get('/events/nope.ics')).statusCode).toBe(404);
  });
});

describe.skipIf(!built)('the public JavaScript', () => {
  interface Chunk {
    file: string;
    src?: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
  }
  /** The public build's manifest, or the back office's (cms-manifest.json: scripts/build.mjs builds it apart). */
  const manifest = (name = 'manifest.json') =>
    JSON.parse(readFileSync(join(DIST_DIR, 'client/.vite', name), 'utf8')) as Record<string, Chunk>;

  /** Every chunk a public page loads up front: the entry and its static imports. */
  function publicChunks(): Chunk[] {
    const m = manifest();
    const entry = Object.entries(m).find(([, c]) => c.isEntry)!;
    const seen = new Map<string, Chunk>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.set(key, m[key]!);
      for (const next of m[key]!.imports ?? []) walk(next);
    };
    walk(entry[0]);
    return [...seen.values()];
  }

  it('holds no back-office, editor or wizard code, and Swiper only in a lazy chunk', () => {
    const chunks = publicChunks();
    for (const chunk of chunks) {
      expect(chunk.src ?? chunk.file).not.toMatch(/routes\/(cms|install)\//);
      const code = readFileSync(join(DIST_DIR, 'client', chunk.file), 'utf8');
      expect(code, chunk.file).not.toMatch(/ProseMirror|@tiptap|tiptap/i);
      expect(code, chunk.file).not.toContain('swiper-wrapper{');
      expect(code, chunk.file).not.toMatch(/Install Sprout|Database connection failed/);
    }
    const lazy = Object.values(manifest()).find((c) => c.src?.includes('gallery-swiper'));
    expect(lazy && !chunks.includes(lazy)).toBe(true);
  });

  it("shares no chunk with the back office's entry, which holds no public page", () => {
    const staff = Object.values(manifest('cms-manifest.json'));
    expect(staff.some((c) => c.isEntry && c.src === 'cms.html')).toBe(true);
    const publicFiles = new Set(Object.values(manifest()).map((c) => c.file));
    for (const chunk of staff.filter((c) => c.file.endsWith('.js'))) {
      expect(publicFiles.has(chunk.file), chunk.file).toBe(false);
      expect(chunk.src ?? chunk.file).not.toMatch(/routes\/public\/|components\/public\//);
      expect(readFileSync(join(DIST_DIR, 'client', chunk.file), 'utf8'), chunk.file).not.toMatch(
        /Enroll Your Child Today|swiper/i,
      );
    }
  });

  it('weighs at most 150 KB gzipped on /', () => {
    const bytes = publicChunks().reduce((sum, c) => sum + gzipSync(readFileSync(join(DIST_DIR, 'client', c.file))).length, 0);
    expect(bytes).toBeLessThanOrEqual(150 * 1024);
  });
});
