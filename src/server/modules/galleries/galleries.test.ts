import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createGallery } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { galleryStats, getGallery } from './galleries.service.ts';
import { GallerySchema } from '../../../shared/schemas/gallery.ts';

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
});
afterAll(() => app.close());

const post = (payload: object) => app.inject({ method: 'POST', url: '/api/admin/galleries', headers: { cookie }, payload });

describe('POST /api/admin/galleries', () => {
  it('creates an image gallery; the thumbnail is the first image', async () => {
    const res = await post({
      title: 'Art Week',
      description: 'Paint',
      type: 'images',
      images: ['https://e.com/1.jpg', 'https://e.com/2.jpg'],
      published: true,
    });
    expect(res.statusCode).toBe(201);
    expect(GallerySchema.strict().parse(res.json().data)).toEqual(res.json().data);
    expect(res.json().data).toMatchObject({
      title: 'Art Week',
      type: 'images',
      thumbnail: 'https://e.com/1.jpg',
      videoUrl: null,
      videoType: null,
      published: true,
    });
  });

  it("accepts §3's alternate spellings and image objects", async () => {
    const res = await post({
      name: 'Alt',
      images_array: [{ image_url: 'https://e.com/a.jpg' }, { url: 'https://e.com/b.jpg' }, { path: '' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'Alt',
      images: ['https://e.com/a.jpg', 'https://e.com/b.jpg'],
      published: false,
    });
  });

  it('detects the video type and derives a YouTube thumbnail', async () => {
    const yt = await post({ title: 'Song', type: 'video', videoUrl: 'https://youtu.be/dQw4w9WgXcQ', images: [] });
    expect(yt.json().data).toMatchObject({
      videoType: 'youtube',
      thumbnail: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      images: [],
    });
    const vm = await post({ title: 'Dance', type: 'video', video_url: 'https://vimeo.com/76979871' });
    expect(vm.json().data).toMatchObject({ videoType: 'vimeo', videoUrl: 'https://vimeo.com/76979871' });
  });

  it("refuses §5's invalid galleries with its texts", async () => {
    const noTitle = await post({ title: '  ', images: ['https://e.com/1.jpg'] });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields.title).toBe('Title required');
    const noImages = await post({ title: 'Empty', type: 'images', images: [] });
    expect(noImages.json().fields.images).toBe('Add at least one image');
    const badVideo = await post({ title: 'V', type: 'video', videoUrl: 'https://example.com/x' });
    expect(badVideo.statusCode).toBe(400);
    const jsUrl = await post({ title: 'J', images: ['javascript:alert(1)'] });
    expect(jsUrl.statusCode).toBe(400);
  });

  it('needs sign-in', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/admin/galleries', payload: { title: 'x' } })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/galleries', () => {
  it('hides drafts from anonymous readers, shows them to staff', async () => {
    const draft = await createGallery(app, { title: 'Secret', published: false });
    const anon = await app.inject({ url: '/api/admin/galleries' });
    expect(anon.json().data.map((g: { id: number }) => g.id)).not.toContain(draft.id);
    expect((await app.inject({ url: `/api/admin/galleries/${draft.id}` })).statusCode).toBe(404);
    const staff = await app.inject({ url: '/api/admin/galleries', headers: { cookie } });
    expect(staff.json().data.map((g: { id: number }) => g.id)).toContain(draft.id);
    expect((await app.inject({ url: `/api/admin/galleries/${draft.id}`, headers: { cookie } })).json().data.title).toBe('Secret');
    expect(await getGallery(app.db, draft.id, { includeDrafts: false })).toBeNull();
  });

  it('answers 404 for unknown ids', async () => {
    expect((await app.inject({ url: '/api/admin/galleries/999999', headers: { cookie } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/galleries/x1', headers: { cookie } })).statusCode).toBe(404);
  });

  it('counts galleries, images, videos, published and drafts', async () => {
    const stats = await galleryStats(app.db);
    expect(stats.total).toBe(stats.published + stats.drafts);
    expect(stats.videos).toBeGreaterThanOrEqual(2);
    expect(stats.images).toBeGreaterThanOrEqual(4);
  });
});

describe('PUT and DELETE /api/admin/galleries/{id}', () => {
  it('updates and deletes', async () => {
    const g = await createGallery(app);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/galleries/${g.id}`,
      headers: { cookie },
      payload: { title: 'Renamed', type: 'images', images: ['https://e.com/z.jpg'], published: true },
    });
    expect(put.json().data).toMatchObject({ title: 'Renamed', thumbnail: 'https://e.com/z.jpg', published: true });
    const del = await app.inject({ method: 'DELETE', url: `/api/admin/galleries/${g.id}`, headers: { cookie } });
    expect(del.json()).toEqual({ success: true });
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/galleries/${g.id}`, headers: { cookie } })).statusCode).toBe(
      404,
    );
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/admin/galleries/${g.id}`,
          headers: { cookie },
          payload: { title: 'x', images: ['https://e.com/1.jpg'] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/galleries/${g.id}` })).statusCode).toBe(401);
  });
});

describe("photos' captions and alt text (issue 31)", () => {
  const images = ['https://e.com/p1.jpg', 'https://e.com/p2.jpg', 'https://e.com/p3.jpg'];
  const put = (id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/admin/galleries/${id}`, headers: { cookie }, payload });

  it('stores what staff give, answers every photo in order with empty words where none were given', async () => {
    const res = await post({
      title: 'Sports Day',
      images,
      published: true,
      photos: [
        { url: images[1], caption: '  Relay race  ', alt: 'Children passing the baton' },
        { url: 'https://e.com/not-in-gallery.jpg', caption: 'Stray', alt: 'Stray' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const gallery = res.json().data;
    expect(GallerySchema.strict().parse(gallery)).toEqual(gallery);
    expect(gallery.images).toEqual(images);
    expect(gallery.photos).toEqual([
      { url: images[0], caption: '', alt: '' },
      { url: images[1], caption: 'Relay race', alt: 'Children passing the baton' },
      { url: images[2], caption: '', alt: '' },
    ]);
    // The public page reads the same words.
    const site = await app.inject({ url: `/api/site/galleries/${gallery.id}` });
    expect(site.json().data.photos[1]).toEqual({ url: images[1], caption: 'Relay race', alt: 'Children passing the baton' });
  });

  it('keeps the words on a save that sends none (a client of §7), and follows reordering and removal', async () => {
    const created = (
      await post({ title: 'Picnic', images, photos: [{ url: images[2], caption: 'Lunch', alt: 'Sandwiches' }] })
    ).json().data;
    const kept = await put(created.id, { title: 'Picnic', images: [images[2], images[0]] });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.photos).toEqual([
      { url: images[2], caption: 'Lunch', alt: 'Sandwiches' },
      { url: images[0], caption: '', alt: '' },
    ]);
    const cleared = await put(created.id, { title: 'Picnic', images: [images[2]], photos: [] });
    expect(cleared.json().data.photos).toEqual([{ url: images[2], caption: '', alt: '' }]);
  });

  it('refuses words too long, naming the field', async () => {
    const res = await post({ title: 'Long', images, photos: [{ url: images[0], caption: 'x'.repeat(301), alt: '' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/caption may be at most 300 characters/);
    expect(Object.keys(res.json().fields ?? {})).toContain('photos.0.caption');
  });
});

describe('GET /api/admin/galleries lists Gallery objects with their images (issue 31)', () => {
  it("keeps the paging and gives each gallery's image URLs, without the photos' words", async () => {
    const made = (await post({ title: 'Listed', images: images3(), published: true })).json().data;
    const page = (await app.inject({ url: '/api/admin/galleries?limit=2&q=listed', headers: { cookie } })).json();
    expect(page).toMatchObject({ total: 1, limit: 2, offset: 0 });
    expect(page.data[0]).toMatchObject({ id: made.id, images: images3(), image_count: 3 });
    expect(page.data[0].photos).toBeUndefined();
    const anonymous = (await app.inject({ url: '/api/admin/galleries?limit=100' })).json();
    expect(anonymous.data.every((g: { images: unknown }) => Array.isArray(g.images))).toBe(true);
  });
  const images3 = () => ['https://e.com/l1.jpg', 'https://e.com/l2.jpg', 'https://e.com/l3.jpg'];
});
