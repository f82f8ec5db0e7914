import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import type { Family } from '../../../shared/schemas/family.ts';
import { variantUrl } from '../../../shared/schemas/media.ts';
import { auditLog } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent, createPost, pngBytes, uploadPhoto } from '../../test/content-factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { createFamilySession } from '../family-auth/family-auth.service.ts';

// Issue 32: the family area, and private media. A parent sees their children's groups' galleries
// through signed links; nobody else reaches a private photo by any path; a withdrawn consent
// hides a photo from the audience it no longer allows.

let app: FastifyInstance;
let admin: string;
let galleryReader: string;
let familiesReader: string;
const [PROGRAMME, OTHER_PROGRAMME] = SITE_DEFAULTS.programs.programmes.map((p) => p.key) as [string, string];
const [BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string];

beforeAll(async () => {
  app = await buildTestApp();
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  galleryReader = await sessionCookie(app, await createUser(app, { role: null, permissions: { gallery: { read: true } } }));
  familiesReader = await sessionCookie(
    app,
    await createUser(app, { role: null, permissions: { gallery: { read: true }, families: { read: true } } }),
  );
});
afterAll(async () => {
  await app.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie: string | null = admin) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A family with one child in `programme` at the branch, and a parent's session cookie. */
async function familyWithChild(firstName: string, programme: string) {
  seq += 1;
  const res = await call('POST', '/api/families', {
    name: `${firstName} family`,
    contacts: [{ name: `Parent ${seq}`, email: `area${seq}@example.test` }],
    children: [{ firstName, lastName: 'Test', birthDate: '2022-03-14', branch: BRANCH, programme }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const family = res.json().data as Family;
  const session = await createFamilySession(app.db, family.contacts[0]!.id);
  return { family, child: family.children[0]!, cookie: `fsid=${session.token}` };
}
const consent = async (childId: number, purpose: 'website' | 'families' | 'none', granted = true) => {
  const res = await call('POST', `/api/families/children/${childId}/consents`, { purpose, granted });
  expect(res.statusCode, res.body).toBe(201);
};
async function publishedGallery(images: string[], audience: Record<string, unknown>, title = 'Garden day') {
  const res = await call('POST', '/api/admin/galleries', { title, type: 'images', images, published: true, ...audience });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
const get = (url: string, cookie: string | null = null) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const imgLinks = (html: string) => [...html.matchAll(/src="(\/uploads\/[^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
const form = (url: string, body: Record<string, string>, cookie: string, origin?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    payload: new URLSearchParams(body).toString(),
  });

describe('the family area and private photos', () => {
  let a: Awaited<ReturnType<typeof familyWithChild>>;
  let b: Awaited<ReturnType<typeof familyWithChild>>;
  let photo: string;
  let other: string;
  let publicPhoto: string;
  let classGallery: number;

  beforeAll(async () => {
    a = await familyWithChild('Asha', PROGRAMME);
    b = await familyWithChild('Bilal', OTHER_PROGRAMME);
    await consent(a.child.id, 'families');
    photo = (await uploadPhoto(app, admin, await pngBytes(64, 48, '#22aa44'))).url;
    other = (await uploadPhoto(app, admin, await pngBytes(64, 48, '#2244aa'))).url;
    publicPhoto = (await uploadPhoto(app, admin, await pngBytes(64, 48, '#aa2244'))).url;
    classGallery = await publishedGallery([photo, other], {
      audience: 'programme',
      audienceBranch: BRANCH,
      audienceProgramme: PROGRAMME,
    });
    const tagged = await call('PUT', `/api/admin/galleries/${classGallery}/tags`, { photo, children: [a.child.id] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    await publishedGallery([publicPhoto], {}, 'Sports day');
  });

  it('shows a parent the galleries of their child’s group, with photos served only through signed links', async () => {
    const home = await get('/family', a.cookie);
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('private, no-store');
    expect(home.body).toContain('Garden day');
    expect(home.body).not.toContain('Sports day'); // the public site's, not the family area's

    const page = await get(`/family/galleries/${classGallery}`, a.cookie);
    expect(page.statusCode).toBe(200);
    const links = imgLinks(page.body);
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toMatch(/\?g=\d+&e=\d+&s=[\w-]{43}$/);
      const res = await get(link);
      expect(res.statusCode, link).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('answers 404 to a bare URL, an edited, expired or moved signature, and another group’s parent', async () => {
    for (const url of [photo, variantUrl(photo, 400), variantUrl(photo, 1600), other]) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await get(url, a.cookie)).statusCode, url).toBe(404); // a parent's session is not a key
    }
    // The public gallery's photo is served as before (and cached for good).
    const open = await get(publicPhoto);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toContain('immutable');

    const [link] = imgLinks((await get(`/family/galleries/${classGallery}`, a.cookie)).body);
    const signature = link!.slice(link!.lastIndexOf('=') + 1);
    const flipped = signature[5] === 'A' ? 'B' : 'A';
    const edited = `${link!.slice(0, link!.lastIndexOf('=') + 6)}${flipped}${signature.slice(6)}`;
    expect((await get(edited)).statusCode).toBe(404);
    const expired = link!.replace(/&e=\d+/, `&e=${Math.floor(Date.now() / 1000) - 60}`);
    expect((await get(expired)).statusCode).toBe(404);
    // The same signature on another photo of the same gallery.
    const moved = link!.replace(/\/uploads\/[a-f0-9]{32}/, other.replace('.webp', ''));
    expect((await get(moved)).statusCode).toBe(404);

    // Group B: not listed, not reachable by id.
    expect((await get('/family', b.cookie)).body).not.toContain('Garden day');
    expect((await get(`/family/galleries/${classGallery}`, b.cookie)).statusCode).toBe(404);
    // Signed out: the sign-in page, not the gallery.
    const out = await get(`/family/galleries/${classGallery}`);
    expect(out.statusCode).toBe(401);
    expect(out.body).not.toContain('Garden day');
  });

  it('serves private photos to staff who may read families (and records the view), to no other staff', async () => {
    expect((await get(photo, galleryReader)).statusCode).toBe(404);
    const seen = await get(photo, familiesReader);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    await expect
      .poll(
        async () =>
          (
            await app.db
              .select()
              .from(auditLog)
              .where(and(eq(auditLog.action, 'private-photo-view'), eq(auditLog.entityId, String(classGallery))))
          ).length,
      )
      .toBe(1);
    // Without families: read, no children's names either.
    const asReader = await get(`/api/admin/galleries/${classGallery}`, galleryReader);
    expect(asReader.json().data.tags).toBeUndefined();
    expect((await get('/api/admin/galleries/hidden-photos', galleryReader)).statusCode).toBe(403);
    expect((await get('/api/admin/galleries/hidden-photos', familiesReader)).statusCode).toBe(200);
  });

  it('lets a parent change consent, which hides the photo from the audience at once and lists it for staff', async () => {
    const [link] = imgLinks((await get(`/family/galleries/${classGallery}`, a.cookie)).body);
    const saved = await form(`/family/children/${a.child.id}/consents`, { website: 'no', families: 'no' }, a.cookie);
    expect(saved.statusCode, saved.body).toBe(303);
    expect(saved.headers.location).toBe('/family/children?saved=1');
    const child = (await call('GET', `/api/families/${a.family.id}`)).json().data.children[0];
    expect(child.allowed).toEqual({ website: false, families: false });

    // The signed link given before is refused now, and the gallery shows the other photo only.
    expect((await get(link!)).statusCode).toBe(404);
    const page = await get(`/family/galleries/${classGallery}`, a.cookie);
    expect(imgLinks(page.body)).toHaveLength(1);
    expect(page.body).not.toContain(photo.slice(9, 41));
    const hidden = await get('/api/admin/galleries/hidden-photos', familiesReader);
    expect(hidden.json().data).toEqual([
      expect.objectContaining({
        galleryId: classGallery,
        photo,
        child: { id: a.child.id, name: 'Asha Test' },
        needs: 'families',
      }),
    ]);
    const history = await call('GET', `/api/families/children/${a.child.id}/consents`);
    expect(history.json().data[0]).toMatchObject({ purpose: 'families', granted: false, recordedByKind: 'parent' });

    // Given again: shown again.
    await form(`/family/children/${a.child.id}/consents`, { website: 'no', families: 'yes' }, a.cookie);
    expect(imgLinks((await get(`/family/galleries/${classGallery}`, a.cookie)).body)).toHaveLength(2);
  });

  it('hides a public gallery’s photo from everyone when the website consent is withdrawn', async () => {
    const child = await familyWithChild('Chen', PROGRAMME);
    await consent(child.child.id, 'website');
    const url = (await uploadPhoto(app, admin, await pngBytes(64, 48, '#123456'))).url;
    const id = await publishedGallery([url, publicPhoto], {}, 'Open day');
    expect((await call('PUT', `/api/admin/galleries/${id}/tags`, { photo: url, children: [child.child.id] })).statusCode).toBe(
      200,
    );
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(`/api/admin/galleries/${id}`, null)).json().data.images).toEqual([url, publicPhoto]);

    await form(`/family/children/${child.child.id}/consents`, { website: 'no', families: 'no' }, child.cookie);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(variantUrl(url, 800))).statusCode).toBe(404);
    const publicCopy = (await get(`/api/admin/galleries/${id}`, null)).json().data;
    expect(publicCopy.images).toEqual([publicPhoto]);
    expect(publicCopy.photos.map((p: { url: string }) => p.url)).toEqual([publicPhoto]);
    const list = (await get('/api/admin/galleries?limit=50', null)).json().data;
    expect(JSON.stringify(list)).not.toContain(url);
  });

  it('refuses bad consent forms, another family’s child and another site’s form, changing nothing', async () => {
    const before = (await call('GET', `/api/families/children/${b.child.id}/consents`)).json().data.length;
    expect(
      (await form(`/family/children/${b.child.id}/consents`, { website: 'yes', families: 'yes' }, a.cookie)).statusCode,
    ).toBe(404);
    const bad = await form(`/family/children/${b.child.id}/consents`, { website: 'maybe', families: 'yes' }, b.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose yes or no for the public website.');
    const forged = await form(
      `/family/children/${b.child.id}/consents`,
      { website: 'yes', families: 'yes' },
      b.cookie,
      'https://evil.example',
    );
    expect(forged.statusCode).toBe(403);
    expect((await call('GET', `/api/families/children/${b.child.id}/consents`)).json().data.length).toBe(before);
  });

  it('shows the posts and events for the family’s groups, and a private calendar address the parent can replace or stop', async () => {
    const category = await createCategory(app, 'Family');
    const soon = new Date(Date.now() + 3 * 24 * 3600_000);
    await createPost(app, {
      title: 'Class A news',
      slug: 'class-a-news',
      content: '<p>Our week in Class A.</p><script>x()</script>',
      audience: 'programme',
      audienceBranch: BRANCH,
      audienceProgramme: PROGRAMME,
    });
    await createPost(app, {
      title: 'Class B news',
      slug: 'class-b-news',
      audience: 'programme',
      audienceBranch: BRANCH,
      audienceProgramme: OTHER_PROGRAMME,
    });
    await createEvent(app, {
      categoryId: category.id,
      title: 'Class A picnic',
      startDate: soon,
      audience: 'programme',
      audienceBranch: BRANCH,
      audienceProgramme: PROGRAMME,
    });
    await createEvent(app, {
      categoryId: category.id,
      title: 'Class B swim',
      startDate: soon,
      audience: 'programme',
      audienceBranch: BRANCH,
      audienceProgramme: OTHER_PROGRAMME,
    });
    await createEvent(app, { categoryId: category.id, title: 'Open day for all', slug: 'open-day-all', startDate: soon });

    const home = (await get('/family', a.cookie)).body;
    expect(home).toContain('Class A news');
    expect(home).toContain('Class A picnic');
    expect(home).toContain('Open day for all');
    expect(home).not.toContain('Class B');
    const post = await get('/family/posts/class-a-news', a.cookie);
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('Our week in Class A.');
    expect(post.body).not.toContain('x()');
    expect((await get('/family/posts/class-b-news', a.cookie)).statusCode).toBe(404);
    expect((await get('/family/posts/class-a-news', b.cookie)).statusCode).toBe(404);

    const made = await form('/family/calendar', {}, a.cookie);
    expect(made.statusCode).toBe(200);
    const address = /value="(https?:\/\/[^"]+\/family\/calendar\/[\w-]{43}\.ics)"/.exec(made.body)![1]!;
    const path = new URL(address).pathname;
    const feed = await get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect(feed.body).toContain('SUMMARY:Class A picnic');
    expect(feed.body).toContain('SUMMARY:Open day for all');
    expect(feed.body).not.toContain('Class B');
    // The public feed has none of the families' events.
    expect((await get('/events.ics')).body).not.toContain('Class A picnic');

    // A new address replaces the old; stopping ends it; a made-up one is nothing.
    const again = await form('/family/calendar', {}, a.cookie);
    const second = new URL(/value="(https?:\/\/[^"]+\.ics)"/.exec(again.body)![1]!).pathname;
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
    expect((await form('/family/calendar/stop', {}, a.cookie)).statusCode).toBe(303);
    expect((await get(second)).statusCode).toBe(404);
    expect((await get(`/family/calendar/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await form('/family/calendar', {}, a.cookie, 'https://evil.example')).statusCode).toBe(403);
  });

  it('asks for a sign-in link by a form, and says plainly when the site cannot send e-mail', async () => {
    const signedOut = await get('/family');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toContain('Send me a sign-in link');
    const res = await app.inject({
      method: 'POST',
      url: '/family/sign-in-link',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=area1%40example.test',
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('ask the school for a sign-in link');
  });
});
