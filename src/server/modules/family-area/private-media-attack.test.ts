import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import type { Family } from '../../../shared/schemas/family.ts';
import { variantUrl } from '../../../shared/schemas/media.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent, pngBytes, uploadPhoto } from '../../test/content-factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { createFamilySession } from '../family-auth/family-auth.service.ts';

// Issue 32's attack tests on private photos, with the public pages drawn and cached as in
// production: a parent of one group, a stranger and staff without families: read ask for
// another group's photos by every path the site has; and a consent withdrawn while requests keep
// coming stops the photo at once.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
const [P1, P2] = SITE_DEFAULTS.programs.programmes.map((p) => p.key) as [string, string];
const [BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string];

let app: FastifyInstance;
let admin: string;
let staffWithoutFamilies: string;

beforeAll(async () => {
  if (!built) return;
  app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  staffWithoutFamilies = await sessionCookie(
    app,
    await createUser(app, { role: null, permissions: { gallery: { read: true, write: true }, events: { read: true } } }),
  );
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const staff = (method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: { cookie: admin }, payload });
const nameOf = (url: string) => url.slice('/uploads/'.length, -'.webp'.length);

let seq = 0;
async function family(programme: string) {
  seq += 1;
  const res = await staff('POST', '/api/families', {
    name: `Family ${seq}`,
    contacts: [{ name: `Parent ${seq}`, email: `attack${seq}@example.test` }],
    children: [{ firstName: `Child${seq}`, lastName: 'Test', birthDate: '2022-01-01', branch: BRANCH, programme }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json().data as Family;
  const session = await createFamilySession(app.db, made.contacts[0]!.id);
  return { family: made, child: made.children[0]!, cookie: `fsid=${session.token}` };
}
async function consent(childId: number, purpose: 'website' | 'families', granted: boolean) {
  const res = await staff('POST', `/api/families/children/${childId}/consents`, { purpose, granted });
  expect(res.statusCode, res.body).toBe(201);
}

describe.skipIf(!built)('private photos under attack (issue 32)', () => {
  let groupA: Awaited<ReturnType<typeof family>>;
  let groupB: Awaited<ReturnType<typeof family>>;
  let privatePhoto: string;
  let privateGallery: number;
  let publicPhoto: string;
  let publicGallery: number;
  let publicChild: Awaited<ReturnType<typeof family>>;

  beforeAll(async () => {
    groupA = await family(P1);
    groupB = await family(P2);
    publicChild = await family(P1);
    await consent(groupA.child.id, 'families', true);
    await consent(publicChild.child.id, 'website', true);
    privatePhoto = (await uploadPhoto(app, admin, await pngBytes(64, 48, '#118833'))).url;
    publicPhoto = (await uploadPhoto(app, admin, await pngBytes(64, 48, '#881133'))).url;
    let res = await staff('POST', '/api/admin/galleries', {
      title: 'Class A painting',
      images: [privatePhoto],
      published: true,
      audience: 'programme',
      audienceBranch: BRANCH,
      audienceProgramme: P1,
    });
    privateGallery = res.json().data.id;
    await staff('PUT', `/api/admin/galleries/${privateGallery}/tags`, { photo: privatePhoto, children: [groupA.child.id] });
    res = await staff('POST', '/api/admin/galleries', { title: 'Open morning', images: [publicPhoto], published: true });
    publicGallery = res.json().data.id;
    res = await staff('PUT', `/api/admin/galleries/${publicGallery}/tags`, {
      photo: publicPhoto,
      children: [publicChild.child.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const category = await createCategory(app, 'Class');
    await createEvent(app, { categoryId: category.id, title: 'Painting week', slug: 'painting-week', galleryId: privateGallery });
    await createEvent(app, { categoryId: category.id, title: 'Open morning', slug: 'open-morning', galleryId: publicGallery });
  });

  /** Every public address that could carry a photo: pages (through the page cache), feeds, JSON. */
  const publicAddresses = () => [
    '/',
    '/events',
    '/event/painting-week',
    '/event/open-morning',
    '/blog',
    '/sitemap.xml',
    '/blog/rss.xml',
    '/events.ics',
    '/api/site/events',
    '/api/site/events/painting-week',
    `/api/site/galleries/${privateGallery}`,
    `/api/site/galleries/${publicGallery}`,
    '/api/admin/galleries?limit=50',
    `/api/admin/galleries/${privateGallery}`,
  ];

  it('gives another group’s parent, a stranger and staff without families: read nothing of a private photo', async () => {
    const name = nameOf(privatePhoto);
    for (const who of [undefined, groupB.cookie, staffWithoutFamilies]) {
      // Staff who edit galleries see a gallery's photo addresses in its form, not the photos.
      for (const url of publicAddresses().filter((u) => who !== staffWithoutFamilies || !u.startsWith('/api/admin/'))) {
        const res = await get(url, who);
        expect(res.body, `${url} as ${who ?? 'a stranger'}`).not.toContain(name);
      }
      for (const url of [
        privatePhoto,
        variantUrl(privatePhoto, 400),
        variantUrl(privatePhoto, 800),
        variantUrl(privatePhoto, 1600),
      ]) {
        expect((await get(url, who)).statusCode, url).toBe(404);
        // Guessed signatures and an old-style query change nothing.
        expect((await get(`${url}?g=${privateGallery}&e=9999999999&s=${'A'.repeat(43)}`, who)).statusCode).toBe(404);
      }
      expect((await get(`/family/galleries/${privateGallery}`, who)).statusCode).not.toBe(200);
    }
    expect((await get('/api/families', staffWithoutFamilies)).statusCode).toBe(403);
    expect((await get(`/api/admin/galleries/${privateGallery}`, staffWithoutFamilies)).json().data.tags).toBeUndefined();
    // The gallery's own parent does get it, only through the family area's signed links.
    const page = await get(`/family/galleries/${privateGallery}`, groupA.cookie);
    expect(page.statusCode).toBe(200);
    const link = /src="(\/uploads\/[^"]+)"/.exec(page.body)![1]!.replaceAll('&amp;', '&');
    expect((await get(link)).statusCode).toBe(200);
    // A narrower audience ends the links given before, at once.
    const narrowed = await staff('PUT', `/api/admin/galleries/${privateGallery}`, {
      title: 'Class A painting',
      type: 'images',
      images: [privatePhoto],
      published: true,
      audience: 'staff',
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await get(link)).statusCode).toBe(404);
  });

  it('stops a photo whose consent is withdrawn while requests keep coming: nothing after the change carries it', async () => {
    const name = nameOf(publicPhoto);
    // Cached first: the event page and the gallery's JSON hold the photo.
    expect((await get('/event/open-morning')).body).toContain(name);
    expect((await get(publicPhoto)).statusCode).toBe(200);

    let withdrawnAt = Infinity;
    const leaks: string[] = [];
    let running = true;
    const addresses = [
      publicPhoto,
      variantUrl(publicPhoto, 800),
      '/event/open-morning',
      `/api/site/galleries/${publicGallery}`,
      '/',
    ];
    const worker = async (i: number) => {
      for (let n = 0; running; n++) {
        const url = addresses[(i + n) % addresses.length]!;
        const started = performance.now();
        const res = await get(url);
        const carries = url.startsWith('/uploads/') ? res.statusCode === 200 : res.body.includes(name);
        if (carries && started > withdrawnAt) leaks.push(`${url} (${res.statusCode})`);
      }
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const res = await staff('POST', `/api/families/children/${publicChild.child.id}/consents`, {
      purpose: 'website',
      granted: false,
    });
    expect(res.statusCode).toBe(201);
    withdrawnAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 700));
    running = false;
    await load;
    expect(leaks).toEqual([]);
    for (const url of publicAddresses()) expect((await get(url)).body, url).not.toContain(name);
    const hidden = await get('/api/admin/galleries/hidden-photos', admin);
    expect(hidden.json().data).toEqual([expect.objectContaining({ galleryId: publicGallery, photo: publicPhoto })]);
  });
});
