import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSentence } from '../../../shared/audit-sentence.ts';
import type { AuditEntry } from '../../../shared/schemas/audit.ts';
import type { Family } from '../../../shared/schemas/family.ts';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { auditLog, galleries, galleryPhotoChildren } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { KEPT_FOR_STAFF_TITLE, leftBefore, runPhotoRetention } from './retention.ts';

// Issue 32, retention: a child's photos leave every audience but staff, and their tags go, once
// they left longer ago than Settings > Security's "Photos after a child leaves" (12 months by default).

let app: FastifyInstance;
let admin: string;
const PROGRAMME = SITE_DEFAULTS.programs.programmes[0]!.key;
const [BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string];
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const photo = (name: string) => `https://example.com/${name}.jpg`;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
}, 60_000);
afterAll(() => app.close());

let seq = 0;
/** A family of one child; returns the child's id. */
async function child(firstName: string, leavingDate: string | null): Promise<number> {
  seq += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/families',
    headers: { cookie: admin },
    payload: {
      name: `${firstName} family`,
      contacts: [{ name: `Parent ${seq}`, email: `retention${seq}@example.test` }],
      children: [{ firstName, lastName: 'Test', birthDate: '2021-03-14', branch: BRANCH, programme: PROGRAMME, leavingDate }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as Family).children[0]!.id;
}

async function gallery(values: Partial<typeof galleries.$inferInsert>, tags: [string, number][]) {
  const [row] = await app.db
    .insert(galleries)
    .values({ title: 'Garden day', published: true, ...values })
    .returning({ id: galleries.id });
  if (tags.length)
    await app.db.insert(galleryPhotoChildren).values(tags.map(([p, childId]) => ({ galleryId: row!.id, photo: p, childId })));
  return row!.id;
}
const galleryRow = async (id: number) => (await app.db.select().from(galleries).where(eq(galleries.id, id)))[0]!;
const tagsOf = (galleryId: number) =>
  app.db
    .select({ photo: galleryPhotoChildren.photo, childId: galleryPhotoChildren.childId })
    .from(galleryPhotoChildren)
    .where(eq(galleryPhotoChildren.galleryId, galleryId))
    .orderBy(asc(galleryPhotoChildren.photo), asc(galleryPhotoChildren.childId));
const retentionEntries = () =>
  app.db.select().from(auditLog).where(eq(auditLog.title, 'Retention: photo tags of children who left'));

describe('leftBefore', () => {
  const now = new Date('2027-03-31T10:00:00Z');
  it('counts whole days and whole months back from today, a month from the 31st landing on the month’s last day', () => {
    expect(leftBefore({ amount: 1, unit: 'days' }, now)).toBe('2027-03-30');
    expect(leftBefore({ amount: 31, unit: 'days' }, now)).toBe('2027-02-28');
    expect(leftBefore({ amount: 1, unit: 'months' }, now)).toBe('2027-02-28');
    expect(leftBefore({ amount: 12, unit: 'months' }, now)).toBe('2026-03-31');
    expect(leftBefore({ amount: 3, unit: 'months' }, new Date('2027-01-15T00:00:00Z'))).toBe('2026-10-15');
  });
});

describe('photos of children who left', () => {
  it('leave every gallery but staff-only ones, with their captions and the other children’s tags, and lose the child’s tags, beyond the period only', async () => {
    const gone = await child('Gone', day(-400));
    const recent = await child('Recent', day(-100));
    const staying = await child('Staying', null);
    const leaving = await child('Leaving', day(60));
    const [p1, p2, p3, p4] = ['p1', 'p2', 'p3', 'p4'].map(photo) as [string, string, string, string];
    const shown = await gallery(
      {
        images: [p1, p2, p3],
        thumbnail: p1,
        photoTexts: [{ url: p1, caption: 'Planting beans', alt: 'Children planting beans' }],
      },
      [
        [p1, gone],
        [p1, staying],
        [p2, recent],
        [p3, leaving],
      ],
    );
    const families = await gallery({ images: [p4], audience: 'families', published: false }, [[p4, gone]]);
    const staffOnly = await gallery({ images: [p4], audience: 'staff' }, [[p4, gone]]);
    const heard: string[] = [];
    app.siteChanges.subscribe((what) => heard.push(what));

    const result = await runPhotoRetention(app);
    expect(result).toEqual({ children: 1, tags: 3, photosMoved: 2 });
    expect(heard).toContain('/api/galleries');

    // The gallery for everyone no longer holds the photo, its caption or its cover.
    expect(await galleryRow(shown)).toMatchObject({ images: [p2, p3], thumbnail: null, photoTexts: [], published: true });
    expect(await tagsOf(shown)).toEqual([
      { photo: p2, childId: recent },
      { photo: p3, childId: leaving },
    ]);
    const anonymous = await app.inject({ method: 'GET', url: `/api/admin/galleries/${shown}` });
    expect(anonymous.body).not.toContain(p1);
    // A draft for families too; a staff-only gallery keeps the photo, without the tag.
    expect((await galleryRow(families)).images).toEqual([]);
    expect(await galleryRow(staffOnly)).toMatchObject({ images: [p4] });
    expect(await tagsOf(staffOnly)).toEqual([]);

    // Staff keep the photos, in a gallery only they see.
    const [kept] = await app.db.select().from(galleries).where(eq(galleries.title, KEPT_FOR_STAFF_TITLE));
    expect(kept).toMatchObject({ audience: 'staff', published: false, images: [p1, p4] });
    expect(kept!.photoTexts).toEqual([{ url: p1, caption: 'Planting beans', alt: 'Children planting beans' }]);
    expect(await tagsOf(kept!.id)).toEqual([{ photo: p1, childId: staying }]);

    // One audit entry, counts only.
    const entries = await retentionEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'delete', entity: 'child', entityId: null, userId: null });
    expect(entries[0]!.details).toEqual({ children: 1, tags: 3, photosMoved: 2, period: '12 months' });
    expect(JSON.stringify(entries[0])).not.toMatch(/Gone|Test/);
    expect(auditSentence(entries[0] as unknown as AuditEntry, {})).toBe(
      'Removed 3 photo tags of 1 child who left more than 12 months ago; 2 photos moved to a staff-only gallery',
    );

    // Nothing more to do: no second entry, nothing heard.
    heard.length = 0;
    expect(await runPhotoRetention(app)).toEqual({ children: 0, tags: 0, photosMoved: 0 });
    expect(heard).toEqual([]);
    expect(await retentionEntries()).toHaveLength(1);

    // A shorter period (Settings > Security) reaches the child who left 100 days ago.
    const shorter = await app.inject({
      method: 'PUT',
      url: '/api/security/settings',
      headers: { cookie: admin },
      payload: { photosAfterLeaving: { amount: 90, unit: 'days' } },
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(await runPhotoRetention(app)).toEqual({ children: 1, tags: 1, photosMoved: 1 });
    expect((await galleryRow(shown)).images).toEqual([p3]);
    const [again] = await app.db.select().from(galleries).where(eq(galleries.title, KEPT_FOR_STAFF_TITLE));
    expect(again).toMatchObject({ id: kept!.id, images: [p1, p4, p2] });
    expect(await retentionEntries()).toHaveLength(2);
  });
});
