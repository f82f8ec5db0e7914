import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsMessage } from '../../../shared/permissions.ts';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { ERASED_NAME, type Family } from '../../../shared/schemas/family.ts';
import {
  auditLog,
  childConsents,
  enquiries,
  enquiryTimeline,
  familySessions,
  galleries,
  galleryPhotoChildren,
  limitHits,
  mailingRecipients,
  mailings,
  newsletterSubscribers,
} from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';

// Issue 32, the school's data protection tools: everything held about a family as a zip, and the
// family's erasure (its admission kept as a number only).

let app: FastifyInstance;
let admin: string;
let manager: string;
let reader: string;
const [PROGRAMME] = SITE_DEFAULTS.programs.programmes.map((p) => p.key) as [string];
const [BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string];

beforeAll(async () => {
  app = await buildTestApp();
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  manager = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  reader = await sessionCookie(app, await createUser(app, { role: null, permissions: { families: { read: true } } }));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null = admin, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** An admission at `stage` from `email` (the form's fields), with a staff note on its timeline. */
async function admission(stage: 'enrolled' | 'offered', name: string, email: string) {
  const surname = name.split(' ').at(-1)!;
  const [row] = await app.db
    .insert(enquiries)
    .values({
      type: 'admission',
      name,
      email,
      phone: '+91 98765 44444',
      details: {
        fatherName: `Vikram ${surname}`,
        birthDate: '2022-04-04',
        address: '12 Lake Road',
        department: PROGRAMME,
        admissionDate: '2026-06-01',
        branch: BRANCH,
      },
      stage,
      ip: '203.0.113.9',
    })
    .returning({ id: enquiries.id });
  await app.db.insert(enquiryTimeline).values({ enquiryId: row!.id, kind: 'note', text: `Spoke with the parents of ${name}` });
  return row!.id;
}

/** A family made from an enrolled admission of Tara `surname`, with Dev added by hand, and three consents. */
async function familyOf(surname: string) {
  seq += 1;
  const email = `vikram${seq}@example.test`;
  const enquiryId = await admission('enrolled', `Tara ${surname}`, email);
  const made = await call('POST', `/api/families/from-enquiry/${enquiryId}`);
  expect(made.statusCode, made.body).toBe(201);
  const family = made.json().data as Family;
  const put = await call('PUT', `/api/families/${family.id}`, admin, {
    name: family.name,
    contacts: family.contacts,
    children: [
      family.children[0],
      { firstName: 'Dev', lastName: surname, birthDate: '2023-05-05', programme: PROGRAMME, branch: BRANCH },
    ],
  });
  expect(put.statusCode, put.body).toBe(200);
  const full = put.json().data as Family;
  for (const [child, purpose, granted] of [
    [0, 'website', true],
    [0, 'website', false],
    [1, 'families', true],
  ] as const) {
    const res = await call('POST', `/api/families/children/${full.children[child]!.id}/consents`, admin, { purpose, granted });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { family: full, enquiryId, email };
}

/** Photos in storage and a gallery tagging `tags` ([photo index, child id]); answers the photos' bytes by URL. */
async function taggedGallery(tags: [number, number][], files = 2) {
  const photos = Array.from({ length: files }, () => ({
    name: `${randomBytes(8).toString('hex')}.jpg`,
    bytes: randomBytes(2048),
  }));
  for (const p of photos) await app.storage.put(p.name, p.bytes, 'image/jpeg');
  const urls = [...photos.map((p) => `/uploads/${p.name}`), '/uploads/never-stored.jpg', 'https://example.com/elsewhere.jpg'];
  const [gallery] = await app.db
    .insert(galleries)
    .values({ title: `Sports day ${seq}`, type: 'images', images: urls, audience: 'staff' })
    .returning({ id: galleries.id });
  await app.db
    .insert(galleryPhotoChildren)
    .values(tags.map(([i, childId]) => ({ galleryId: gallery!.id, photo: urls[i]!, childId })));
  return { galleryId: gallery!.id, urls, photos };
}

describe('GET /api/families/:id/export', () => {
  it('answers a zip of the family’s records and every stored photo its children are tagged in', async () => {
    const { family, enquiryId } = await familyOf('Joshi');
    const [tara, dev] = family.children as [Family['children'][0], Family['children'][0]];
    const other = await familyOf('Mehra');
    const { galleryId, urls, photos } = await taggedGallery([
      [0, tara.id],
      [0, dev.id],
      [1, dev.id],
      [2, dev.id],
      [3, tara.id],
    ]);
    // Another family's photo is not this family's.
    const foreign = await taggedGallery([[0, other.family.children[0]!.id]], 1);
    // The newsletter subscription of the parent's address (any case), not another family's (issue 33).
    const parentEmail = family.contacts[0]!.email!;
    await app.db.insert(newsletterSubscribers).values([
      {
        email: parentEmail.toUpperCase(),
        topics: ['news'],
        state: 'confirmed',
        source: 'footer',
        consentAt: new Date(),
        consentSource: 'footer',
      },
      { email: other.family.contacts[0]!.email!, topics: ['events'], state: 'confirmed', source: 'blog' },
    ]);

    const res = await call('GET', `/api/families/${family.id}/export`, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="family-\d+-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'family.json', `photos/${photos[0]!.name}`, `photos/${photos[1]!.name}`].sort(),
    );
    for (const p of photos) expect(Buffer.from(files[`photos/${p.name}`]!).equals(p.bytes)).toBe(true);
    expect(Object.keys(files)).not.toContain(`photos/${foreign.photos[0]!.name}`);

    const json = JSON.parse(strFromU8(files['family.json']!));
    expect(json).toMatchObject({
      format: 'sprout-family-export',
      family: { id: family.id, name: 'Joshi family', enquiryId },
      contacts: [{ name: 'Vikram Joshi', email: family.contacts[0]!.email, phone: '+91 98765 44444' }],
      children: [
        { firstName: 'Tara', birthDate: '2022-04-04' },
        { firstName: 'Dev', birthDate: '2023-05-05' },
      ],
      missingPhotos: ['photos/never-stored.jpg'],
    });
    // The whole consent history, oldest first.
    expect(
      json.consents.map((c: { childId: number; purpose: string; granted: boolean }) => [c.childId, c.purpose, c.granted]),
    ).toEqual([
      [tara.id, 'website', true],
      [tara.id, 'website', false],
      [dev.id, 'families', true],
    ]);
    expect(json.enquiries).toEqual([
      expect.objectContaining({
        id: enquiryId,
        name: 'Tara Joshi',
        details: expect.objectContaining({ address: '12 Lake Road' }),
        timeline: [expect.objectContaining({ text: 'Spoke with the parents of Tara Joshi' })],
      }),
    ]);
    expect(json.newsletterSubscriptions).toEqual([
      expect.objectContaining({
        email: parentEmail.toUpperCase(),
        topics: ['news'],
        state: 'confirmed',
        consentSource: 'footer',
      }),
    ]);
    expect(json.galleryTags).toHaveLength(5);
    expect(json.galleryTags).toContainEqual(
      expect.objectContaining({
        galleryId,
        galleryTitle: expect.stringMatching(/^Sports day/),
        childId: dev.id,
        photo: urls[1],
        file: `photos/${photos[1]!.name}`,
      }),
    );
    expect(json.galleryTags).toContainEqual(expect.objectContaining({ photo: urls[3], file: null }));
    const actions = json.audit.map((e: { action: string; entity: string }) => `${e.entity}:${e.action}`);
    expect(actions).toEqual(expect.arrayContaining(['family:create', 'family:update', 'child:consent-change']));
    expect(json.audit.find((e: { action: string }) => e.action === 'consent-change').summary).toContain('Tara Joshi');

    // Recorded with counts, never names.
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'family-export')).orderBy(auditLog.id);
    expect(entry).toMatchObject({ entity: 'family', entityId: String(family.id), title: null });
    // Photos counts the school's files the tags name (one of them gone from storage since).
    expect(entry!.details).toEqual({
      contacts: 1,
      children: 2,
      consents: 3,
      enquiries: 1,
      photoTags: 5,
      photos: 3,
      newsletterSubscriptions: 1,
    });
    const log = (await call('GET', '/api/audit?action=family-export')).json().data;
    expect(log[0].summary).toBe('Exported everything held about the family “Joshi family” (2 children, 3 photos)');
  });

  it('needs families: write (401 nobody, 403 read only), 404 for an unknown family', async () => {
    const { family } = await familyOf('Rao');
    expect((await call('GET', `/api/families/${family.id}/export`, null)).statusCode).toBe(401);
    const readOnly = await call('GET', `/api/families/${family.id}/export`, reader);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe(needsMessage([['families', 'write']]));
    expect((await call('GET', '/api/families/987654/export')).statusCode).toBe(404);
    expect((await call('GET', '/api/families/abc/export')).statusCode).toBe(404);
  });
});

describe('POST /api/families/:id/erase', () => {
  it('asks first while an admission of the family is open, then erases it, keeping the admissions as numbers', async () => {
    const { family, enquiryId, email } = await familyOf('Kapoor');
    const [tara] = family.children;
    // The parent's second admission (a sibling) is still on offer; a message from them too.
    const sibling = await admission('offered', 'Mira Kapoor', email.toUpperCase());
    const [message] = await app.db
      .insert(enquiries)
      .values({ type: 'contact', name: 'Vikram Kapoor', email, message: 'Is there a bus from Lake Road?' })
      .returning({ id: enquiries.id });
    const { galleryId } = await taggedGallery([[0, tara!.id]]);
    const contact = family.contacts[0]!;
    await app.db
      .insert(familySessions)
      .values({ id: `s-${seq}`, contactId: contact.id, expiresAt: new Date(Date.now() + 3600_000) });
    await app.db.insert(limitHits).values({ key: `family-link-email:${email}` });
    // Their newsletter subscription, and a mailing's row naming the address (issue 33).
    await app.db.insert(newsletterSubscribers).values({ email, topics: ['news', 'events'], state: 'confirmed', source: 'blog' });
    const [mailing] = await app.db
      .insert(mailings)
      .values({
        kind: 'post',
        sourceKey: `post:erase-${seq}`,
        subject: 'News',
        html: '<p>News</p>',
        text: 'News',
        audienceLabel: 'Subscribers to news',
        siteOrigin: 'http://localhost',
      })
      .returning({ id: mailings.id });
    await app.db.insert(mailingRecipients).values({ mailingId: mailing!.id, email: email.toUpperCase(), state: 'sent' });
    const board = async () =>
      ((await call('GET', '/api/admissions/board')).json().data.columns as { stage: string; count: number }[]).map(
        (c) => c.count,
      );
    const before = await board();

    const asked = await call('POST', `/api/families/${family.id}/erase`);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({
      needsConfirmation: true,
      message: expect.stringContaining('still open (Offered)'),
      openEnquiries: [{ id: sibling, stage: 'offered' }],
    });
    expect((await call('GET', `/api/families/${family.id}`)).statusCode).toBe(200);

    const erased = await call('POST', `/api/families/${family.id}/erase`, admin, { confirm: true });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toEqual({
      contacts: 1,
      children: 2,
      consents: 3,
      photoTags: 1,
      enquiries: 3,
      newsletterSubscriptions: 1,
    });
    expect(await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([]);
    expect(await app.db.select().from(mailingRecipients).where(eq(mailingRecipients.mailingId, mailing!.id))).toEqual([]);
    expect((await call('GET', `/api/families/${family.id}`)).statusCode).toBe(404);
    const childIds = family.children.map((c) => c.id);
    expect(await app.db.select().from(childConsents).where(inArray(childConsents.childId, childIds))).toEqual([]);
    expect(await app.db.select().from(galleryPhotoChildren).where(eq(galleryPhotoChildren.galleryId, galleryId))).toEqual([]);
    expect(await app.db.select().from(familySessions).where(eq(familySessions.contactId, contact.id))).toEqual([]);
    expect(
      await app.db
        .select()
        .from(limitHits)
        .where(eq(limitHits.key, `family-link-email:${email}`)),
    ).toEqual([]);

    // The admissions stay, nameless: counted on the board as before, in their programme and month.
    const kept = await app.db
      .select()
      .from(enquiries)
      .where(inArray(enquiries.id, [enquiryId, sibling, message!.id]));
    for (const e of kept) expect(e).toMatchObject({ name: ERASED_NAME, email: '', phone: null, message: null, ip: null });
    for (const e of kept.filter((k) => k.type === 'admission')) {
      expect(e.details).toEqual({
        department: PROGRAMME,
        branch: BRANCH,
        admissionDate: '2026-06-01',
        erasedAt: expect.any(String),
      });
    }
    expect(kept.map((e) => e.stage ?? e.type).sort()).toEqual(['contact', 'enrolled', 'offered']);
    const notes = await app.db
      .select()
      .from(enquiryTimeline)
      .where(inArray(enquiryTimeline.enquiryId, [enquiryId, sibling]));
    expect(notes.map((n) => n.text)).toEqual([null, null]);
    expect(await board()).toEqual(before);

    // The audit log names nobody of the family any more; the erasure is there, with counts.
    const everything = (await call('GET', '/api/audit/export')).body;
    for (const name of ['Kapoor', email]) expect(everything).not.toContain(name);
    const [entry] = (await call('GET', '/api/audit?action=family-erase')).json().data;
    expect(entry).toMatchObject({
      entityId: String(family.id),
      title: null,
      details: { contacts: 1, children: 2, consents: 3, photoTags: 1, enquiries: 3, newsletterSubscriptions: 1, confirmed: true },
      summary: `Erased family #${family.id} (2 children, 1 contact, 3 enquiries anonymised)`,
    });

    // An erased admission has no child to make a family of.
    const again = await call('POST', `/api/families/from-enquiry/${enquiryId}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/erased/);
  });

  it('erases at once when the admission is closed (Enrolled), and needs families: delete', async () => {
    const { family } = await familyOf('Shah');
    expect((await call('POST', `/api/families/${family.id}/erase`, null)).statusCode).toBe(401);
    const refused = await call('POST', `/api/families/${family.id}/erase`, manager, { confirm: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(needsMessage([['families', 'delete']]));
    const bad = await call('POST', `/api/families/${family.id}/erase`, admin, { confirm: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('confirm');
    expect((await call('GET', `/api/families/${family.id}`)).statusCode).toBe(200);

    const res = await call('POST', `/api/families/${family.id}/erase`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ children: 2, enquiries: 1 });
    expect((await call('POST', `/api/families/${family.id}/erase`)).statusCode).toBe(404);
  });
});
