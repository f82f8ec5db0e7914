import { createDeflate, crc32 } from 'node:zlib';
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

/** A photo uploaded as staff do (POST /api/cover): its URL, size and variants. */
export async function uploadPhoto(app: FastifyInstance, cookie: string, bytes?: Buffer, name = 'garden.png') {
  const form = new FormData();
  form.append('image', fileOf(bytes ?? (await pngBytes())), name);
  const { payload, headers } = await multipart(form);
  const res = await app.inject({ method: 'POST', url: '/api/cover', headers: { ...headers, cookie }, payload });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<{ url: string; width: number; height: number; variants: { url: string; width: number }[] }>();
}

/**
 * A PNG of `width` x `height` pixels that is small on the wire (every row after the first repeats
 * it, PNG's "up" filter) and width x height x 3 bytes decoded: 59 megapixels in about 0.2 MB.
 */
export async function largeFlatPng(width: number, height: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = width * 3 + 1;
  const first = Buffer.alloc(stride);
  for (let x = 0; x < width * 3; x++) first[x + 1] = (x * 7) % 251;
  const up = Buffer.alloc(stride);
  up[0] = 2;
  // Deflated a row at a time: the decoded image is never held here.
  const deflate = createDeflate();
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  deflate.write(first);
  for (let y = 1; y < height; y++) if (!deflate.write(up)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An admission as a parent fills the form in (without its form token). */
export const admissionForm = () => ({
  name: 'Aarav Sharma',
  fatherName: 'Rohit Sharma',
  email: 'rohit@example.com',
  phone: '+91 98765 00000',
  birthDate: '2022-04-12',
  address: '7 Rose Street, Green Park',
  department: 'nursery',
  admissionDate: '2027-04-01',
  website: '',
});
