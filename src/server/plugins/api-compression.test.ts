import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../test/factories.ts';
import { API_COMPRESS_MIN_BYTES } from './api-compression.ts';

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  // A large answer (compressed in zlib's thread pool, not on the event loop).
  app.get('/api/test-large', async () => ({ data: Array.from({ length: 5000 }, (_, i) => ({ i, label: `row ${i * 7919}` })) }));
  await app.db.insert(posts).values(
    Array.from({ length: 40 }, (_, i) => ({
      title: `A week of painting, number ${i}`,
      slug: `painting-${i}`,
      excerpt: 'Brushes, colours and a lot of happy mess in the art corner.',
      content: '<p>Paint</p>',
      status: 'published' as const,
    })),
  );
});
afterAll(() => app.close());

const get = (url: string, encoding?: string) =>
  app.inject({ url, headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('compressed /api JSON', () => {
  it('sends brotli or gzip, as accepted, that decodes to the same JSON', async () => {
    const plain = await get('/api/posts?limit=40');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await get('/api/posts?limit=40', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/posts?limit=40', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses a large answer off the event loop, to the same JSON', async () => {
    const plain = await get('/api/test-large');
    expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
    const br = await get('/api/test-large', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('/api/test-large', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const small = await get('/api/posts?limit=1', 'br');
    expect(small.rawPayload.length).toBeLessThan(API_COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json().data).toHaveLength(1);
    const health = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a small error, and what is not JSON, as they are', async () => {
    const bad = await get('/api/posts?limit=abc', 'br');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-encoding']).toBeUndefined();
    const robots = await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br' } });
    expect(robots.headers['content-encoding']).toBeUndefined();
  });
});
