import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { categories, events, galleries, posts } from '../db/schema/index.ts';

export async function createCategory(app: FastifyInstance, name = 'Workshop') {
  const [row] = await app.db.insert(categories).values({ name }).returning();
  return row!;
}

const HOUR = 3600_000;

export async function createEvent(app: FastifyInstance, opts: Partial<typeof events.$inferInsert> & { categoryId: number }) {
  const [row] = await app.db
    .insert(events)
    .values({
      title: 'Sports Day',
      description: 'Races and games for everyone.',
      location: 'Main Branch',
      startDate: new Date(Date.now() + 24 * HOUR),
      ...opts,
    })
    .returning();
  return row!;
}

export async function createGallery(app: FastifyInstance, opts: Partial<typeof galleries.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(galleries)
    .values({ title: 'Art Week', images: ['https://example.com/a.jpg'], thumbnail: 'https://example.com/a.jpg', ...opts })
    .returning();
  return row!;
}

export async function createPost(app: FastifyInstance, opts: Partial<typeof posts.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(posts)
    .values({
      title: 'Hello',
      slug: `hello-${Math.random().toString(36).slice(2, 8)}`,
      content: '<p>Hi</p>',
      status: 'published',
      publishedAt: new Date(),
      ...opts,
    })
    .returning();
  return row!;
}

/** A small PNG, or a JPEG carrying EXIF GPS tags. */
export function pngBytes(width = 64, height = 48, color = '#ff8800') {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}
export function jpegWithGps() {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#3399ff' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Camera', Model: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 33/1 0/1' } })
    .toBuffer();
}

/** A multipart body for app.inject from a FormData. */
export async function multipart(form: FormData) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export const fileOf = (bytes: Buffer | Uint8Array, type = 'image/png') => new Blob([new Uint8Array(bytes)], { type });
