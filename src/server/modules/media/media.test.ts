import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { media } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, fileOf, jpegWithGps, largeFlatPng, multipart, pngBytes } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { sweepUnusedMedia } from './media.service.ts';
import { MultipleUploadResultSchema } from '../../../shared/schemas/media.ts';

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
});
afterAll(() => app.close());

async function upload(url: string, entries: [string, Blob, string][]) {
  const form = new FormData();
  for (const [name, blob, filename] of entries) form.append(name, blob, filename);
  const { payload, headers } = await multipart(form);
  return app.inject({ method: 'POST', url, headers: { ...headers, cookie }, payload });
}
const fileOnDisk = (url: string) => join(app.dataDir, url);

describe('POST /api/cover', () => {
  it('stores a re-encoded WebP with 400/800/1600 variants, served with long cache and nosniff', async () => {
    const res = await upload('/api/cover', [['image', fileOf(await pngBytes(1000, 500)), 'photo.png']]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(body).toMatchObject({ width: 1000, height: 500 });
    expect(body.variants.map((v: { width: number }) => v.width)).toEqual([400, 800, 1600]);
    for (const v of body.variants) expect(existsSync(fileOnDisk(v.url))).toBe(true);
    const served = await app.inject({ url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('serves nothing outside the uploads folder', async () => {
    for (const url of [
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/../package.json',
      '/uploads/.hidden',
      '/uploads/missing.webp',
    ]) {
      const res = await app.inject({ url });
      expect([400, 403, 404], url).toContain(res.statusCode);
    }
  });

  it('removes EXIF and GPS from photos', async () => {
    const jpeg = await jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload('/api/cover', [['image', fileOf(jpeg, 'image/jpeg'), 'kids.jpg']]);
    expect(res.statusCode).toBe(200);
    for (const url of [res.json().url, ...res.json().variants.map((v: { url: string }) => v.url)]) {
      const meta = await sharp(fileOnDisk(url)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
  });

  it('refuses an HTML file disguised as a JPEG, and SVG', async () => {
    const html = fileOf(Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg');
    const res = await upload('/api/cover', [['image', html, 'photo.jpg']]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/JPEG, PNG, GIF or WebP/);
    const svg = fileOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    expect((await upload('/api/cover', [['image', svg, 'x.svg']])).statusCode).toBe(415);
  });

  it('refuses a file over 10 MB with 413 and a message', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    const res = await upload('/api/cover', [['image', fileOf(big, 'image/png'), 'big.png']]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/10 MB/);
  });

  it('refuses a malformed multipart body and a non-multipart body', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/cover',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const json = await app.inject({ method: 'POST', url: '/api/cover', headers: { cookie }, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    const empty = await upload('/api/cover', []);
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('needs sign-in', async () => {
    const form = new FormData();
    form.append('image', fileOf(await pngBytes()), 'a.png');
    const { payload, headers } = await multipart(form);
    expect((await app.inject({ method: 'POST', url: '/api/cover', headers, payload })).statusCode).toBe(401);
  });
});

describe('POST /api/upload-multiple', () => {
  it('stores every image of the repeated field and returns their urls', async () => {
    const res = await upload('/api/upload-multiple', [
      ['images', fileOf(await pngBytes(50, 50, '#f00')), 'a.png'],
      [
        'images',
        fileOf(
          await sharp(await pngBytes(60, 40))
            .gif()
            .toBuffer(),
          'image/gif',
        ),
        'b.gif',
      ],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().urls).toHaveLength(2);
    expect(res.json().data[1]).toMatchObject({ width: 60, height: 40 });
  });
});

describe('a batch with a photo over 10 MB (issue 31)', () => {
  it('keeps the nine good photos of ten and names the 30 MB one as too large', async () => {
    const good = await pngBytes(40, 30);
    const big = Buffer.alloc(30 * 1024 * 1024, 7);
    const entries: [string, Blob, string][] = Array.from({ length: 10 }, (_, i) =>
      i === 4 ? ['images', fileOf(big, 'image/jpeg'), 'IMG_0005.jpg'] : ['images', fileOf(good), `photo-${i + 1}.png`],
    );
    const res = await upload('/api/upload-multiple', entries);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(MultipleUploadResultSchema.strict().parse(body)).toEqual(body);
    expect(body.urls).toHaveLength(9);
    expect(body.refused).toEqual([
      { file: 'IMG_0005.jpg', status: 413, code: 'FILE_TOO_LARGE', error: 'The file is too large: images may be at most 10 MB.' },
    ]);
    for (const url of body.urls) expect(existsSync(fileOnDisk(url))).toBe(true);
  });

  it('answers an error naming every file when none can be kept', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    const one = await upload('/api/upload-multiple', [['images', fileOf(big, 'image/png'), 'huge.png']]);
    expect(one.statusCode).toBe(413);
    expect(one.json().error).toBe('huge.png: The file is too large: images may be at most 10 MB.');
    expect(one.json().refused).toHaveLength(1);
    const two = await upload('/api/upload-multiple', [
      ['images', fileOf(big, 'image/png'), 'huge.png'],
      ['images', fileOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'), 'logo.svg'],
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toMatch(/^None of the 2 files could be uploaded: huge\.png: .*10 MB\. logo\.svg: Only JPEG/);
    expect(two.json().refused.map((r: { file: string; status: number }) => [r.file, r.status])).toEqual([
      ['huge.png', 413],
      ['logo.svg', 415],
    ]);
  });
});

describe('many large images at once', () => {
  it('decodes one image at a time, so four 59-megapixel PNGs sent together stay within a bounded memory', async () => {
    const png = await largeFlatPng(7680, 7680);
    expect(png.length).toBeLessThan(1024 * 1024);
    const uploads = Array.from({ length: 4 }, async (_, i) => {
      const form = new FormData();
      form.append('image', fileOf(png), `large-${i}.png`);
      return multipart(form);
    });
    const bodies = await Promise.all(uploads);
    const before = process.memoryUsage().rss;
    let peak = before;
    let decoding = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
      decoding = Math.max(decoding, sharp.counters().process);
    }, 5);
    const started = performance.now();
    try {
      const answers = await Promise.all(
        bodies.map(({ payload, headers }) =>
          app.inject({ method: 'POST', url: '/api/cover', headers: { ...headers, cookie }, payload }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(4).fill(200));
      expect(answers[0]!.json()).toMatchObject({ width: 2000, height: 2000 });
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `4 x 59 MP: ${seconds.toFixed(1)} s, RSS +${((peak - before) / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB`,
    );
    expect(decoding, 'images decoded at once').toBe(1);
    // Measured with npm start's MALLOC_ARENA_MAX=2 (vitest.config.ts): +47-56 MB one at a time on
    // PGlite, +104 MB in a run on PostgreSQL; +259 MB four at once (libuv's four threads, each
    // keeping its own freed memory).
    expect(peak - before, 'memory taken by four 59-MP images sent together').toBeLessThan(160 * 2 ** 20);
  }, 60_000);

  it('keeps the good files of a batch and names the one it refuses, with why (issue 31)', async () => {
    const res = await upload('/api/upload-multiple', [
      ['images', fileOf(await pngBytes(50, 50)), 'fine.png'],
      ['images', fileOf(Buffer.concat([(await pngBytes(50, 50)).subarray(0, 60), Buffer.alloc(40)])), 'torn-photo.png'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().urls).toHaveLength(1);
    expect(res.json().refused).toEqual([
      { file: 'torn-photo.png', status: 400, code: 'UNREADABLE_IMAGE', error: expect.stringMatching(/could not be read/) },
    ]);
  });
});

describe('clean-up of unreferenced uploads', () => {
  it('removes a replaced event cover, keeps one still in use, sweeps abandoned uploads', async () => {
    await createCategory(app, 'Workshop');
    const a = (await upload('/api/cover', [['image', fileOf(await pngBytes()), 'a.png']])).json().url;
    const b = (await upload('/api/cover', [['image', fileOf(await pngBytes()), 'b.png']])).json().url;
    const payload = {
      title: 'Cover test',
      description: 'd',
      category: 'Workshop',
      location: 'Hall',
      start_date: new Date().toISOString(),
      cover_image: a,
    };
    const event = (await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload })).json().data;
    await app.inject({ method: 'POST', url: '/api/admin/galleries', headers: { cookie }, payload: { title: 'G', images: [a] } });
    await app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: { cookie },
      payload: { ...payload, cover_image: b },
    });
    expect(existsSync(fileOnDisk(a))).toBe(true); // still used by the gallery
    const c = (await upload('/api/cover', [['image', fileOf(await pngBytes()), 'c.png']])).json().url;
    await app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: { cookie },
      payload: { ...payload, cover_image: c },
    });
    expect(existsSync(fileOnDisk(b))).toBe(false);
    expect(existsSync(fileOnDisk(b.replace('.webp', '-400.webp')))).toBe(false);
    await app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers: { cookie } });
    expect(existsSync(fileOnDisk(c))).toBe(false);

    const abandoned = (await upload('/api/cover', [['image', fileOf(await pngBytes()), 'd.png']])).json().url;
    expect(await sweepUnusedMedia(app.db, app.dataDir, 24 * 3600_000)).not.toContain(abandoned);
    expect(await sweepUnusedMedia(app.db, app.dataDir, -1000)).toContain(abandoned);
    expect(existsSync(fileOnDisk(abandoned))).toBe(false);
    expect(await app.db.select().from(media).where(eq(media.url, a))).toHaveLength(1);

    // A file without a media row (its transaction rolled back) is swept too.
    const orphan = join(app.dataDir, 'uploads', `${'ab'.repeat(16)}-400.webp`);
    writeFileSync(orphan, 'x');
    expect(await sweepUnusedMedia(app.db, app.dataDir, 24 * 3600_000)).not.toContain(`/uploads/${'ab'.repeat(16)}-400.webp`);
    expect(await sweepUnusedMedia(app.db, app.dataDir, -1000)).toContain(`/uploads/${'ab'.repeat(16)}-400.webp`);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(fileOnDisk(a))).toBe(true);
  });

  it('keeps an upload that a post body links to, by its main URL or a variant, until the post lets it go', async () => {
    const inBody = (await upload('/api/cover', [['image', fileOf(await pngBytes()), 'e.png']])).json().url as string;
    const asVariant = (await upload('/api/cover', [['image', fileOf(await pngBytes()), 'f.png']])).json().url as string;
    const content = `<p><a href="${inBody}">The poster</a> and <a href="${asVariant.replace('.webp', '-800.webp')}">a photo</a></p>`;
    const fields = { title: 'Pictures', slug: 'pictures', content, status: 'published' };
    const created = await app.inject({ method: 'POST', url: '/api/posts', headers: { cookie }, payload: fields });
    expect(created.statusCode).toBe(201);
    expect(await sweepUnusedMedia(app.db, app.dataDir, -1000)).not.toEqual(expect.arrayContaining([inBody]));
    expect(existsSync(fileOnDisk(inBody))).toBe(true);
    expect(existsSync(fileOnDisk(asVariant))).toBe(true);
    const id = created.json().data.id as number;
    await app.inject({
      method: 'PUT',
      url: `/api/posts/${id}`,
      headers: { cookie },
      payload: { ...fields, content: '<p>No pictures</p>' },
    });
    // The post's history keeps the text that showed them (issue 34): they go with the post.
    expect(await sweepUnusedMedia(app.db, app.dataDir, -1000)).not.toEqual(expect.arrayContaining([inBody]));
    expect(existsSync(fileOnDisk(asVariant))).toBe(true);
    await app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: { cookie } });
    expect(existsSync(fileOnDisk(inBody))).toBe(false);
    expect(existsSync(fileOnDisk(asVariant))).toBe(false);
  });
});
