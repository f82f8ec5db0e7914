import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { pngBytes, uploadPhoto } from '../../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';

// The school's own pages as parents read them: server-rendered, cached, in the menus and the sitemap.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  if (!built) return;
  app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
});
afterAll(() => app?.close());

const get = (url: string) => app.inject({ url });
const write = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const footerOf = (html: string) => html.slice(html.indexOf('id="footer-links"'), html.indexOf('id="footer-enrolling"'));
const headerNavOf = (html: string) => html.slice(html.indexOf('<nav aria-label="Main"'), html.indexOf('</nav>'));

async function page(content: { title: string; slug: string; body: string; placement: string }) {
  const res = await write('POST', '/api/website/pages', content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe.skipIf(!built)('pages of the school’s own, without JavaScript', () => {
  it('answers an address no published page has with the 404 page, and keeps drafts from parents (preview included)', async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Oops! Page not found');
    expect(missing.body).toContain('<meta name="robots" content="noindex"');

    const id = await page({ title: 'Secret Plans', slug: 'secret-plans', body: '<p>Not yet.</p>', placement: 'header' });
    expect((await get('/secret-plans')).statusCode).toBe(404);
    expect((await get('/')).body).not.toContain('Secret Plans');

    // Staff see the draft drawn as the real page, never cached, never indexed.
    expect((await get(`/api/website/pages/${id}/preview`)).statusCode).toBe(401);
    const preview = await app.inject({ url: `/api/website/pages/${id}/preview`, headers: { cookie: admin } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.body).toContain('Secret Plans</h1>');
    expect(headerNavOf(preview.body)).toContain('href="/secret-plans"');
    expect(preview.body).not.toContain('<script type="application/ld+json">');
    expect((await get('/secret-plans')).statusCode).toBe(404);
    expect((await get('/')).body).not.toContain('Secret Plans');
  });

  it('publishes the privacy notice: its page with meta, canonical and JSON-LD, the footer’s Quick Link, the sitemap', async () => {
    const before = await get('/');
    expect(footerOf(before.body)).toContain('<li>Privacy Policy</li>');
    expect((await get('/sitemap.xml')).body).not.toContain('privacy-policy');

    const draft = (await write('POST', '/api/website/pages/privacy-notice')).json().data;
    const body = (draft.draft.body as string).replace(/<mark>\[Staff:[^\]]*\]<\/mark>/g, '');
    const published = await write('POST', `/api/website/pages/${draft.id}/publish`, { ...draft.draft, body });
    expect(published.statusCode, published.body).toBe(200);

    const res = await get('/privacy-policy');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Privacy Policy | Sprout</title>');
    expect(html).toMatch(/<meta name="description" content="This notice explains what information Sprout collects/);
    expect(html).toContain('<link rel="canonical" href="https://school.example/privacy-policy"');
    expect(html).toContain('<h1 class="mt-2 text-4xl font-black tracking-tight text-slate-900 sm:text-5xl">Privacy Policy</h1>');
    expect(html).toContain('<h2>Your rights</h2>');
    expect(html).toMatch(/Last updated <time dateTime="[^"]+">\w+ \d+, \d{4}<\/time>/);
    expect(html).not.toContain('[Staff:');
    const webPage = jsonLd(html).find((d) => d['@type'] === 'WebPage')!;
    expect(webPage).toMatchObject({
      name: 'Privacy Policy',
      url: 'https://school.example/privacy-policy',
      isPartOf: { '@type': 'WebSite', name: 'Sprout', url: 'https://school.example/' },
    });

    // The write emptied the cached pages: the home page's footer links to it now.
    const home = await get('/');
    expect(footerOf(home.body)).toContain(
      '<a href="/privacy-policy" class="underline underline-offset-4 hover:text-white">Privacy Policy</a>',
    );
    expect(footerOf(home.body)).toContain('<li>FAQ</li>');
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toMatch(
      /<url><loc>https:\/\/school\.example\/privacy-policy<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/,
    );
  });

  it('shows a page placed in the header in the menu, marked current on its own page, and its changes once published', async () => {
    const id = await page({
      title: 'Term Dates',
      slug: 'term-dates',
      body: '<p>Autumn term: 2 September.</p>',
      placement: 'header',
    });
    await write('POST', `/api/website/pages/${id}/publish`);
    const home = await get('/');
    expect(headerNavOf(home.body)).toContain('>Term Dates</a>');
    const own = await get('/term-dates');
    expect(own.body).toMatch(/<a href="\/term-dates" aria-current="page"[^>]*>Term Dates<\/a>/);
    expect(own.body).toContain('Autumn term: 2 September.');
    // A cached page is answered again from memory; a publish replaces it.
    expect((await get('/term-dates')).headers.etag).toBe(own.headers.etag);
    await write('POST', `/api/website/pages/${id}/publish`, {
      title: 'Term Dates',
      slug: 'term-dates',
      body: '<p>Autumn term: 3 September.</p>',
      placement: 'footer',
    });
    const changed = await get('/term-dates');
    expect(changed.body).toContain('Autumn term: 3 September.');
    expect(headerNavOf(changed.body)).not.toContain('Term Dates');
    expect(footerOf(changed.body)).toContain('>Term Dates</a>');
    // Unpublished: the 404 page, and gone from the menus.
    await write('POST', `/api/website/pages/${id}/unpublish`);
    expect((await get('/term-dates')).statusCode).toBe(404);
    expect(footerOf((await get('/')).body)).not.toContain('Term Dates');
  });

  it('preloads the photo a page opens with, at high priority with its variants; a photo further down is left lazy', async () => {
    const photo = await uploadPhoto(app, admin, await pngBytes(1600, 1200, '#88bb66'));
    const srcset = photo.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
    const sizes = '(min-width: 48rem) 736px, calc(100vw - 2rem)';
    const opening = await page({
      title: 'Our Garden',
      slug: 'our-garden',
      body: `<p><img src="${photo.url}" alt="The vegetable beds" width="1600" height="1200"></p><p>Planted each spring.</p><p><img src="${photo.url}" alt="The beds in June"></p>`,
      placement: 'none',
    });
    await write('POST', `/api/website/pages/${opening}/publish`);
    const html = (await get('/our-garden')).body;
    expect(html).toContain(
      `<link rel="preload" as="image" href="${photo.url}" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high" />`,
    );
    const [first, second] = [...html.matchAll(/<img [^>]*alt="The (?:vegetable beds|beds in June)"[^>]*>/g)].map((m) => m[0]);
    expect(first).toContain('fetchpriority="high"');
    expect(first).not.toContain('loading="lazy"');
    expect(second).toContain('loading="lazy"');
    expect(second).not.toContain('fetchpriority');

    const later = await page({
      title: 'Our Kitchen',
      slug: 'our-kitchen',
      body: `<p>Lunch is cooked here.</p><p><img src="${photo.url}" alt="The kitchen"></p>`,
      placement: 'none',
    });
    await write('POST', `/api/website/pages/${later}/publish`);
    const kitchen = (await get('/our-kitchen')).body;
    expect(kitchen).not.toContain('rel="preload" as="image"');
    expect(kitchen).not.toContain('fetchpriority="high"');
  });
});
