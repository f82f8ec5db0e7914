import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { GallerySchema, type ConsentProblem } from '../../../shared/schemas/gallery.ts';
import type { Family } from '../../../shared/schemas/family.ts';
import { galleries, galleryPhotoChildren } from '../../db/schema/index.ts';
import { restoreRequest } from '../../test/backup-requests.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent } from '../../test/content-factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { writeBackupFile } from '../backups/backup.service.ts';

// Issue 32, third part: a gallery's audience, the children tagged in its photos, and their
// consent checked by the server whenever a published gallery changes.

let app: FastifyInstance;
let admin: string;
let reader: string;
const [PROGRAMME, OTHER_PROGRAMME] = SITE_DEFAULTS.programs.programmes.map((p) => p.key) as [string, string];
const [BRANCH, OTHER_BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string, string];
const work = mkdtempSync(join(tmpdir(), 'sprout-gallery-audiences-'));
const PHOTO = 'https://example.com/garden.jpg';
const PHOTO2 = 'https://example.com/paint.jpg';

beforeAll(async () => {
  app = await buildTestApp();
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  reader = await sessionCookie(app, await createUser(app, { role: null, permissions: { gallery: { read: true } } }));
});
afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie: string | null = admin) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A family with one child at `branch` in `programme`; returns the child's id. */
async function child(firstName: string, branch = BRANCH, programme = PROGRAMME): Promise<number> {
  seq += 1;
  const res = await call('POST', '/api/families', {
    name: `${firstName} family`,
    contacts: [{ name: `Parent ${seq}`, email: `parent${seq}@example.test` }],
    children: [{ firstName, lastName: 'Test', birthDate: '2022-03-14', branch, programme }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as Family).children[0]!.id;
}
const consent = async (childId: number, purpose: 'website' | 'families' | 'none', granted = true) => {
  const res = await call('POST', `/api/families/children/${childId}/consents`, { purpose, granted });
  expect(res.statusCode, res.body).toBe(201);
};
const gallery = (extra: Record<string, unknown> = {}) => ({
  title: 'Garden day',
  type: 'images',
  images: [PHOTO, PHOTO2],
  ...extra,
});
async function makeGallery(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', '/api/admin/galleries', gallery(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
const tag = (id: number, children: number[], photo = PHOTO, cookie = admin) =>
  call('PUT', `/api/admin/galleries/${id}/tags`, { photo, children }, cookie);
const put = (id: number, extra: Record<string, unknown>) => call('PUT', `/api/admin/galleries/${id}`, gallery(extra));
const stored = async (id: number) => (await call('GET', `/api/admin/galleries/${id}`)).json().data;

describe('a gallery’s audience', () => {
  it('is everyone unless chosen, kept when a PUT leaves it out, and checked against the school’s branches and programmes', async () => {
    const id = await makeGallery();
    const made = await stored(id);
    expect(GallerySchema.strict().parse(made)).toEqual(made);
    expect(made).toMatchObject({ audience: 'everyone', audienceBranch: null, audienceProgramme: null, tags: [] });

    const set = await put(id, { audience: 'programme', audienceBranch: BRANCH, audienceProgramme: PROGRAMME });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ audience: 'programme', audienceBranch: BRANCH, audienceProgramme: PROGRAMME });
    const kept = await put(id, { title: 'Garden day 2' });
    expect(kept.json().data).toMatchObject({ audience: 'programme', audienceBranch: BRANCH, audienceProgramme: PROGRAMME });
    // A narrower audience drops the group it no longer needs.
    expect((await put(id, { audience: 'families', audienceBranch: BRANCH })).json().data).toMatchObject({
      audience: 'families',
      audienceBranch: null,
    });

    const bad = async (extra: Record<string, unknown>, field: string) => {
      const res = await put(id, extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    };
    await bad({ audience: 'class' }, 'audience');
    await bad({ audience: 'branch' }, 'audienceBranch');
    await bad({ audience: 'branch', audienceBranch: 'Moon Branch' }, 'audienceBranch');
    await bad({ audience: 'programme', audienceBranch: BRANCH, audienceProgramme: 'astronauts' }, 'audienceProgramme');
    await bad({ audience: 'programme', audienceBranch: 'Moon Branch', audienceProgramme: PROGRAMME }, 'audienceBranch');
    const res = await call('POST', '/api/admin/galleries', gallery({ audience: 'branch', audienceBranch: 'Moon Branch' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('audienceBranch');
    expect((await stored(id)).audience).toBe('families');
  });

  it('needs galleries: write to change, audience and tags alike', async () => {
    const id = await makeGallery();
    const kid = await child('Forbidden');
    expect((await tag(id, [kid], PHOTO, reader)).statusCode).toBe(403);
    const res = await call('PUT', `/api/admin/galleries/${id}`, gallery({ audience: 'staff' }), reader);
    expect(res.statusCode).toBe(403);
    expect((await tag(id, [kid], PHOTO, '')).statusCode).toBe(401);
    expect((await stored(id)).tags).toEqual([]);
  });
});

describe('tagging children in photos', () => {
  it('tags only children of the gallery’s group, and a photo of the gallery', async () => {
    const here = await child('Here');
    const otherProgramme = await child('Otherprog', BRANCH, OTHER_PROGRAMME);
    const otherBranch = await child('Otherbranch', OTHER_BRANCH, PROGRAMME);
    const id = await makeGallery({ audience: 'programme', audienceBranch: BRANCH, audienceProgramme: PROGRAMME });

    const ok = await tag(id, [here]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.tags).toEqual([{ photo: PHOTO, child: { id: here, name: 'Here Test' } }]);

    for (const outside of [otherProgramme, otherBranch]) {
      const res = await tag(id, [here, outside]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().child.id).toBe(outside);
      expect(res.json().error).toMatch(/Test is not in the gallery’s programme/);
    }
    expect((await tag(id, [999999])).statusCode).toBe(400);
    const notPhoto = await tag(id, [here], 'https://example.com/elsewhere.jpg');
    expect(notPhoto.statusCode).toBe(400);
    expect(notPhoto.json().fields).toHaveProperty('photo');
    // Nothing changed by the refusals.
    expect((await stored(id)).tags).toHaveLength(1);

    // A branch gallery takes the branch's children of any programme; families and staff any child.
    const branchGallery = await makeGallery({ audience: 'branch', audienceBranch: BRANCH });
    expect((await tag(branchGallery, [here, otherProgramme])).statusCode).toBe(200);
    expect((await tag(branchGallery, [otherBranch])).statusCode).toBe(400);
    for (const audience of ['families', 'staff', 'everyone']) {
      const g = await makeGallery({ audience });
      expect((await tag(g, [here, otherProgramme, otherBranch])).statusCode).toBe(200);
    }

    // Narrowing the audience to a group some tagged child is not in is refused, naming them.
    const narrowed = await put(branchGallery, { audience: 'programme', audienceBranch: BRANCH, audienceProgramme: PROGRAMME });
    expect(narrowed.statusCode).toBe(400);
    expect(narrowed.json().child.id).toBe(otherProgramme);

    // Untagging: an empty list; a photo taken out of the gallery takes its tags with it.
    expect((await tag(branchGallery, [], PHOTO)).json().data.tags).toEqual([]);
    await tag(branchGallery, [here], PHOTO2);
    expect((await put(branchGallery, { audience: 'branch', audienceBranch: BRANCH, images: [PHOTO] })).statusCode).toBe(200);
    expect((await stored(branchGallery)).tags).toEqual([]);
  });

  it('writes tag changes and audience changes to the audit log', async () => {
    const kid = await child('Audited');
    const id = await makeGallery();
    await tag(id, [kid]);
    await put(id, { audience: 'staff' });
    const entries = (await call('GET', `/api/audit?entity=gallery&limit=100`)).json().data as {
      action: string;
      entityId: string;
      changes?: string[];
    }[];
    const mine = entries.filter((e) => e.entityId === String(id));
    expect(mine.some((e) => e.changes?.includes('tags'))).toBe(true);
    expect(mine.some((e) => e.changes?.includes('audience'))).toBe(true);
  });
});

describe('consent, enforced by the server', () => {
  it('refuses to publish with a tagged child without consent, naming them and their photos; allows it after untagging or narrowing to staff', async () => {
    const withWebsite = await child('Webok');
    await consent(withWebsite, 'website');
    const noConsent = await child('Noconsent');
    const noImages = await child('Noimages');
    await consent(noImages, 'website');
    await consent(noImages, 'families');
    await consent(noImages, 'none');
    const id = await makeGallery();
    await tag(id, [withWebsite, noConsent]);
    await tag(id, [noConsent, noImages], PHOTO2);

    const refused = await put(id, { published: true });
    expect(refused.statusCode, refused.body).toBe(409);
    const problems = refused.json().problems as ConsentProblem[];
    expect(problems).toEqual([
      { child: { id: noConsent, name: 'Noconsent Test' }, photos: [PHOTO2, PHOTO].sort(), needs: 'website', noImages: false },
      { child: { id: noImages, name: 'Noimages Test' }, photos: [PHOTO2], needs: 'website', noImages: true },
    ]);
    expect(refused.json().error).toMatch(/Noconsent Test.*Noimages Test \(no images anywhere/);
    expect((await stored(id)).published).toBe(false);

    // Families see it: "No images anywhere" still refuses.
    await tag(id, [noConsent], PHOTO2);
    await tag(id, [withWebsite], PHOTO);
    const families = await put(id, { published: true, audience: 'families' });
    expect(families.statusCode).toBe(409);
    expect((families.json().problems as ConsentProblem[]).map((p) => p.child.id)).toEqual([noConsent, withWebsite]);

    // Staff only needs no consent, even "No images anywhere".
    await tag(id, [noConsent, noImages], PHOTO2);
    const staff = await put(id, { published: true, audience: 'staff' });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data).toMatchObject({ published: true, audience: 'staff' });

    // Widening a published gallery is a change too: refused, and nothing changes.
    expect((await put(id, { published: true, audience: 'everyone' })).statusCode).toBe(409);
    expect((await stored(id)).audience).toBe('staff');

    // Untagging makes it publishable for everyone.
    await tag(id, [], PHOTO2);
    const open = await put(id, { published: true, audience: 'everyone' });
    expect(open.statusCode, open.body).toBe(200);

    // Tagging on a published gallery is checked too, and nothing is saved when refused.
    const late = await tag(id, [noConsent], PHOTO2);
    expect(late.statusCode).toBe(409);
    expect((late.json().problems as ConsentProblem[])[0]!.child.id).toBe(noConsent);
    expect((await stored(id)).tags.map((t: { child: { id: number } }) => t.child.id)).toEqual([withWebsite]);
  });

  it('a withdrawn consent blocks publishing again', async () => {
    const kid = await child('Withdrawn');
    await consent(kid, 'families');
    const id = await makeGallery({ audience: 'families' });
    await tag(id, [kid]);
    expect((await put(id, { published: true })).statusCode).toBe(200);
    expect((await put(id, { published: false })).statusCode).toBe(200);
    await consent(kid, 'families', false);
    const again = await put(id, { published: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().problems[0]).toMatchObject({ child: { id: kid }, needs: 'families', noImages: false });
    // Adding a photo to a published gallery re-checks its tags.
    await consent(kid, 'families');
    expect((await put(id, { published: true })).statusCode).toBe(200);
    await consent(kid, 'families', false);
    const more = await put(id, { published: true, images: [PHOTO, PHOTO2, 'https://example.com/more.jpg'] });
    expect(more.statusCode).toBe(409);
    expect((await stored(id)).images).toEqual([PHOTO, PHOTO2]);
  });
});

describe('the public site shows only galleries for everyone', () => {
  it('keeps a published families gallery out of every public read', async () => {
    const secret = 'https://example.com/families-only.jpg';
    const id = await makeGallery({ images: [secret], audience: 'families', published: true });
    const category = await createCategory(app, 'Audience test');
    const event = await createEvent(app, { categoryId: category.id, galleryId: id, slug: 'families-day', title: 'Families day' });
    const anon = (url: string) => call('GET', url, undefined, null);

    expect((await anon(`/api/site/galleries/${id}`)).statusCode).toBe(404);
    expect((await anon(`/api/admin/galleries/${id}`)).statusCode).toBe(404);
    const list = (await anon('/api/admin/galleries?limit=100')).json();
    expect(list.data.map((g: { id: number }) => g.id)).not.toContain(id);
    expect(JSON.stringify(list)).not.toContain(secret);
    const events = await anon('/api/site/event-list');
    expect(events.statusCode).toBe(200);
    const card = [...events.json().data.upcoming.items, ...events.json().data.past.items].find(
      (e: { id: number }) => e.id === event.id,
    );
    expect(card?.gallery_kind ?? null).toBeNull();
    for (const url of [
      `/events/${event.slug}`,
      '/events',
      '/sitemap.xml',
      '/blog/rss.xml',
      '/events.ics',
      `/api/site/events/${event.id}`,
    ]) {
      const res = await anon(url);
      expect(res.body, url).not.toContain(secret);
    }
    // The same gallery for everyone is public (the reads above do look at galleries).
    expect((await put(id, { images: [secret], audience: 'everyone', published: true })).statusCode).toBe(200);
    expect((await anon(`/api/site/galleries/${id}`)).statusCode).toBe(200);
  });
});

describe('backups', () => {
  const TAG_ORDER = [galleryPhotoChildren.galleryId, galleryPhotoChildren.photo, galleryPhotoChildren.childId] as const;
  it('carry the audience and the tags', async () => {
    const kid = await child('Backedup');
    const id = await makeGallery({ audience: 'programme', audienceBranch: BRANCH, audienceProgramme: PROGRAMME });
    await tag(id, [kid]);
    const archive = join(work, 'audiences.tar.gz');
    await writeBackupFile(app.database.current, app.dataDir, archive);
    const before = {
      galleries: await app.db.select().from(galleries).orderBy(galleries.id),
      tags: await app.db
        .select()
        .from(galleryPhotoChildren)
        .orderBy(...TAG_ORDER),
    };
    const target = await buildTestApp();
    try {
      const { admin: targetAdmin } = await installTestSchool(target);
      const res = await restoreRequest(target, await sessionCookie(target, targetAdmin), readFileSync(archive), {
        name: 'audiences.tar.gz',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await target.db.select().from(galleries).orderBy(galleries.id)).toEqual(before.galleries);
      // In one order on both sides: a table's rows come back in no order of their own.
      expect(
        await target.db
          .select()
          .from(galleryPhotoChildren)
          .orderBy(...TAG_ORDER),
      ).toEqual(before.tags);
      expect(before.tags).toContainEqual(expect.objectContaining({ galleryId: id, childId: kid, photo: PHOTO }));
    } finally {
      await target.close();
    }
  });
});
