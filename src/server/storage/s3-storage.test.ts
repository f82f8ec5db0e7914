import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { prepareBackup } from '../modules/backups/backup.service.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { fileOf, multipart, pngBytes } from '../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../test/factories.ts';
import { copyUploads } from './copy.ts';
import { S3Storage } from './s3-storage.ts';
import { FolderStorage, s3SettingsFromEnv, type Storage } from './storage.ts';

/** A real S3-compatible server (s3rver from npm) on a free port, over a temporary folder. */
let server: { close(): Promise<void> };
let endpoint: string;
const work = mkdtempSync(join(tmpdir(), 'sprout-s3-'));

beforeAll(async () => {
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(work, 's3'),
    configureBuckets: [{ name: 'school' }, { name: 'other' }],
  });
  const address = (await s3.run()) as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
  server = s3;
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const bucket = (name = 'school', publicUrl?: string) =>
  new S3Storage(
    s3SettingsFromEnv({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: name,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...(publicUrl ? { S3_PUBLIC_URL: publicUrl } : {}),
    })!,
  );

const list = async (storage: Storage) => {
  const names: string[] = [];
  for await (const object of storage.list()) names.push(object.name);
  return names.sort();
};

describe.each([
  ['folder', () => new FolderStorage(mkdtempSync(join(work, 'folder-')))],
  ['s3', () => bucket('other')],
])('the %s driver', (_kind, make) => {
  it('puts, gets, lists and removes uploads; a missing one reads as null', async () => {
    const storage = make();
    try {
      await storage.put('a1.webp', Buffer.from('first'), 'image/webp');
      await storage.put('b2-400.webp', Buffer.from('second!'), 'image/webp');
      expect((await storage.get('a1.webp'))?.toString()).toBe('first');
      expect(await storage.get('missing.webp')).toBeNull();
      expect(await list(storage)).toEqual(['a1.webp', 'b2-400.webp']);
      const sizes = new Map<string, number>();
      for await (const o of storage.list()) sizes.set(o.name, o.bytes);
      expect(sizes.get('b2-400.webp')).toBe(7);
      await storage.remove('a1.webp');
      await storage.remove('never-there.webp');
      expect(await list(storage)).toEqual(['b2-400.webp']);
      await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/storage name/);
    } finally {
      storage.close();
    }
  });
});

describe('uploads in the bucket', () => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    app = await buildTestApp({ storage: bucket() });
    await installTestSchool(app);
    cookie = await sessionCookie(app, await createUser(app, { role: 'user' }));
  }, 60_000);
  afterAll(() => app?.close());

  it('keeps an uploaded image and its variants in the bucket, served through the app with the usual headers', async () => {
    const form = new FormData();
    form.append('image', fileOf(await pngBytes(900, 400)), 'photo.png');
    const { payload, headers } = await multipart(form);
    const res = await app.inject({ method: 'POST', url: '/api/cover', headers: { ...headers, cookie }, payload });
    expect(res.statusCode).toBe(200);
    const { url, variants } = res.json() as { url: string; variants: { url: string }[] };
    const names = await list(app.storage);
    for (const u of [url, ...variants.map((v) => v.url)]) expect(names).toContain(u.slice('/uploads/'.length));
    // Not on the instance's disk.
    expect(await new FolderStorage(join(app.dataDir, 'uploads')).get(url.slice('/uploads/'.length))).toBeNull();
    const served = await app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const again = await app.inject({ url, headers: { 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    for (const bad of ['/uploads/missing.webp', '/uploads/.hidden', '/uploads/..%2fx']) {
      expect([400, 403, 404], bad).toContain((await app.inject({ url: bad })).statusCode);
    }

    // A backup still carries the uploads, read from the bucket.
    const prepared = await prepareBackup(app.database.current, app.dataDir, app.storage);
    try {
      expect(prepared.manifest.files.map((f) => f.path)).toEqual(
        expect.arrayContaining([`uploads${url.slice('/uploads'.length)}`]),
      );
    } finally {
      await prepared.cleanup();
    }
  });

  it('sends browsers to the public address when S3_PUBLIC_URL is set', async () => {
    const direct = await buildTestApp({ storage: bucket('school', 'https://cdn.school.example/') });
    try {
      const res = await direct.inject({ url: '/uploads/abc.webp' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://cdn.school.example/uploads/abc.webp');
    } finally {
      await direct.close();
    }
  }, 60_000);
});

describe('npm run storage:copy', () => {
  it('copies the folder into the bucket, and a second run copies nothing more', async () => {
    const dir = join(work, 'to-copy');
    mkdirSync(dir);
    for (const name of ['c1.webp', 'c1-400.webp', 'c2.webp']) writeFileSync(join(dir, name), `bytes of ${name}`);
    const target = bucket('other');
    try {
      expect(await copyUploads(new FolderStorage(dir), target)).toEqual({ copied: 3, skipped: 0 });
      expect((await target.get('c1-400.webp'))?.toString()).toBe('bytes of c1-400.webp');
      writeFileSync(join(dir, 'c3.webp'), 'new');
      expect(await copyUploads(new FolderStorage(dir), target)).toEqual({ copied: 1, skipped: 3 });
    } finally {
      target.close();
    }
  });
});
