import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { multipart, pngBytes, uploadPhoto } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { sweepUnusedMedia } from '../media/media.service.ts';

// Issue 31 item 25: photos inside a post's or a page's text, uploaded in the editor, each with alt
// text, answered with their resized variants.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
let app: FastifyInstance;
let cookie: string;
let photo: { url: string; width: number; height: number };

beforeAll(async () => {
  app = await buildTestApp({ pages: built });
  await installTestSchool(app);
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  photo = await uploadPhoto(app, cookie, await pngBytes(1200, 900, '#55aa77'));
}, 60_000);
afterAll(() => app.close());

const figure = (alt: string, src = photo.url) =>
  `<img src="${src}" alt="${alt}" width="${photo.width}" height="${photo.height}">`;

async function sendPost(content: string, slug: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: `Post ${slug}`, slug, content, status: 'published' })) form.append(k, v);
  const { payload, headers } = await multipart(form);
  return app.inject({ method: 'POST', url: '/api/posts', headers: { ...headers, cookie }, payload });
}

const sendPage = (body: string, slug: string) =>
  app.inject({
    method: 'POST',
    url: '/api/website/pages',
    headers: { cookie },
    payload: { title: `Page ${slug}`, slug, body, placement: 'none' },
  });

describe('a photo in the text of a post or a page', () => {
  it('is refused without alt text, naming the field and keeping nothing', async () => {
    const noAlt = await sendPost(`<p>Sowing day.</p>${figure('  ')}`, 'no-alt');
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().fields.content).toBe(
      'Every photo in the text needs alt text: describe it for parents who cannot see it.',
    );
    const page = await sendPage(`<p>Our rooms.</p><img src="${photo.url}">`, 'rooms');
    expect(page.statusCode).toBe(400);
    expect(page.json().fields.body).toMatch(/needs alt text/);
    const list = await app.inject({ url: '/api/posts?search=no-alt', headers: { cookie } });
    expect(list.json().data.items ?? list.json().data).toHaveLength(0);
  });

  it('is dropped when it comes from another site (the site loads nothing from other hosts)', async () => {
    const res = await sendPost(`<p>Look.</p>${figure('A kite', 'https://elsewhere.example/kite.jpg')}`, 'elsewhere');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.content).toBe('<p>Look.</p>');
  });

  it('is kept with its size, answered with its variants, the first loaded at once and later ones lazily', async () => {
    const res = await sendPost(
      `<p>Sowing day.</p>${figure('Children sowing beans')}<p>Later:</p>${figure('Bean shoots')}`,
      'sowing',
    );
    expect(res.statusCode, res.body).toBe(201);
    const { content } = res.json().data as { content: string };
    const [first, second] = content.match(/<img[^>]*>/g)!;
    expect(first).toContain(`src="${photo.url}"`);
    expect(first).toContain('alt="Children sowing beans"');
    expect(first).toContain(`width="${photo.width}" height="${photo.height}"`);
    expect(first).toContain(`srcset="${photo.url.replace('.webp', '-400.webp')} 400w`);
    expect(first).toContain('sizes="');
    expect(first).not.toContain('loading=');
    expect(second).toContain('loading="lazy"');
    // The sweep of unused uploads keeps a photo that a post's text shows.
    expect(await sweepUnusedMedia(app.db, app.dataDir, -1000)).not.toContain(photo.url);
    expect((await app.inject({ url: photo.url })).statusCode).toBe(200);
  });

  it.skipIf(!built)('shows on the public post and on a published page of the school’s own', async () => {
    const post = await app.inject({ url: '/blog/sowing' });
    expect(post.statusCode).toBe(200);
    expect(post.body).toMatch(/<img src="\/uploads\/[a-f0-9]{32}\.webp" alt="Children sowing beans"[^>]* srcset=/);
    const created = await sendPage(`<h2>Our garden</h2>${figure('The vegetable beds')}`, 'our-garden');
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const published = await app.inject({ method: 'POST', url: `/api/website/pages/${id}/publish`, headers: { cookie } });
    expect(published.statusCode, published.body).toBe(200);
    const page = await app.inject({ url: '/our-garden' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('alt="The vegetable beds"');
    expect(page.body).toContain(`${photo.url.replace('.webp', '-800.webp')} 800w`);
  });
});
