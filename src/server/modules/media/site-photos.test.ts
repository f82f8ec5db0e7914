import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { uploadPhoto } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { sweepUnusedMedia } from './media.service.ts';

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  // Edits the public pages' words and nothing else: no gallery or blog.
  cookie = await sessionCookie(app, await createUser(app, { role: null, permissions: { website: { read: true, write: true } } }));
});
afterAll(() => app.close());

const upload = async () => (await uploadPhoto(app, cookie)).url;

const homeWith = (photo: string | null) => ({
  ...SITE_DEFAULTS.home,
  hero: { ...SITE_DEFAULTS.home.hero, photo: photo && { url: photo, alt: 'The school garden', decorative: false } },
});
const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, payload });
const sweep = () => sweepUnusedMedia(app.db, app.dataDir, -1000);

describe('the photos of the public pages (issue 30)', () => {
  it('are uploaded by staff who edit the website only, and kept while a draft, the page or its history shows them', async () => {
    const photo = await upload();
    expect((await call('PUT', '/api/website/sections/home/draft', { content: homeWith(photo) })).statusCode).toBe(200);
    expect(await sweep()).not.toContain(photo);

    expect((await call('POST', '/api/website/sections/home/publish')).statusCode).toBe(200);
    expect(await sweep()).not.toContain(photo);

    // Published without it: the earlier version, which staff may restore, still shows it.
    await call('PUT', '/api/website/sections/home/draft', { content: homeWith(null) });
    await call('POST', '/api/website/sections/home/publish');
    expect(await sweep()).not.toContain(photo);
    expect(existsSync(join(app.dataDir, photo))).toBe(true);

    // An upload nothing names is swept as before.
    const abandoned = await upload();
    expect(await sweep()).toContain(abandoned);
  });
});
