import { existsSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../../shared/schemas/site-content.ts';
import { SECTION_KEYS, SECTION_PATHS, SITE_DEFAULTS, type SectionKey } from '../../../shared/schemas/site-content-defaults.ts';
import { openDb } from '../../db/client.ts';
import { auditLog, siteVersions } from '../../db/schema/index.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { restoreRequest } from '../../test/backup-requests.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { testDriver } from '../../test/test-database.ts';
import { writeBackupFile } from '../backups/backup.service.ts';
import { keepVersion, listVersions, sectionSubject, VERSIONS_KEPT } from './versions.ts';

// Issue 30: the words of every public page, edited as a draft, previewed, published, kept in a
// history of 50 and restored; parents never see a draft.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

let app: FastifyInstance;
let admin: string;
let adminId: number;
/** The built-in Manager: website read, write and delete. */
let manager: string;
let managerName: string;
/** The built-in User (a teacher): no website at all. */
let teacher: string;
/** A custom role that may look at drafts and history only. */
let reader: string;

beforeAll(async () => {
  app = await buildTestApp({ pages: built, publicUrl: 'https://school.example' });
  const installed = await installTestSchool(app);
  admin = await sessionCookie(app, installed.admin);
  adminId = installed.admin.id;
  const boss = await createUser(app, { role: 'manager' });
  managerName = boss.username;
  manager = await sessionCookie(app, boss);
  teacher = await sessionCookie(app, await createUser(app, { role: 'user' }));
  await createRole(app, 'site_reader', { website: { read: true } });
  reader = await sessionCookie(app, await createUser(app, { role: 'site_reader' }));
}, 60_000);
afterAll(() => app?.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const base = (key: string) => `/api/website/sections/${key}`;
const dataOf = <T = Record<string, unknown>>(res: { json(): unknown }) => (res.json() as { data: T }).data;

/** The section's default text with one visible line changed to `marker`. */
function edited<K extends SectionKey>(key: K, marker: string): SiteContent[K] {
  const content = structuredClone(SITE_DEFAULTS[key]) as SiteContent[K] & { banner?: { title: string } };
  if (key === 'home') (content as SiteContent['home']).hero.headline = marker;
  else content.banner!.title = marker;
  return content;
}
const markerOf = (key: SectionKey, content: unknown) =>
  key === 'home' ? (content as SiteContent['home']).hero.headline : (content as { banner: { title: string } }).banner.title;

const saveDraft = (key: string, content: unknown, cookie = manager) => call('PUT', `${base(key)}/draft`, cookie, { content });
const publish = (key: string, cookie = manager) => call('POST', `${base(key)}/publish`, cookie);

describe('the sections of the public pages', () => {
  it.each(SECTION_KEYS)('%s: read, save a draft, publish, reset, history and restore', async (key) => {
    const first = await call('GET', base(key), reader);
    expect(first.statusCode).toBe(200);
    expect(dataOf(first)).toMatchObject({
      key,
      isDefault: true,
      state: 'default',
      draft: null,
      published: SITE_DEFAULTS[key],
      defaults: SITE_DEFAULTS[key],
    });

    const v1 = edited(key, `Our own ${key}, first`);
    const saved = await saveDraft(key, v1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf(saved)).toMatchObject({ draft: v1, published: SITE_DEFAULTS[key], hasDraft: true, draftBy: managerName });

    const published = await publish(key);
    expect(published.statusCode, published.body).toBe(200);
    expect(dataOf(published)).toMatchObject({ published: v1, draft: null, isDefault: false, publishedBy: managerName });
    // The default text is not a version: "Reset to the default text" brings it back.
    expect(dataOf<unknown[]>(await call('GET', `${base(key)}/versions`, reader))).toEqual([]);

    const v2 = edited(key, `Our own ${key}, second`);
    await saveDraft(key, v2);
    await publish(key);
    const history = dataOf<Array<{ id: number; publishedBy: string; publishedAt: string }>>(
      await call('GET', `${base(key)}/versions`, reader),
    );
    expect(history).toHaveLength(1);
    expect(history[0]!.publishedBy).toBe(managerName);
    const kept = dataOf(await call('GET', `${base(key)}/versions/${history[0]!.id}`, reader));
    expect(kept.content).toEqual(v1);

    // Reset: the default text becomes the draft; parents still read v2 until it is published.
    const reset = await call('POST', `${base(key)}/reset`, manager);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(dataOf(reset)).toMatchObject({ draft: SITE_DEFAULTS[key], published: v2 });
    await publish(key);
    expect(dataOf(await call('GET', base(key), reader))).toMatchObject({ published: SITE_DEFAULTS[key], isDefault: false });

    // Restore v1: published again, and what it replaced (the default, published) joins the history.
    const restored = await call('POST', `${base(key)}/versions/${history[0]!.id}/restore`, manager);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(dataOf(restored)).toMatchObject({ published: v1, draft: null });
    const after = dataOf<Array<{ id: number }>>(await call('GET', `${base(key)}/versions`, reader));
    expect(after).toHaveLength(3);
    expect(dataOf(await call('GET', `${base(key)}/versions/${after[0]!.id}`, reader)).content).toEqual(SITE_DEFAULTS[key]);

    const list = dataOf<Array<{ key: string; state: string; hasDraft: boolean }>>(
      await call('GET', '/api/website/sections', reader),
    );
    expect(list.map((s) => s.key)).toEqual([...SECTION_KEYS]);
    expect(list.find((s) => s.key === key)).toMatchObject({ state: 'published', hasDraft: false });
  });

  it('discards a draft, and refuses to publish when there is none (409, saying so)', async () => {
    await saveDraft('contact', edited('contact', 'Talk to us'));
    const discarded = await call('DELETE', `${base('contact')}/draft`, manager);
    expect(discarded.statusCode).toBe(200);
    expect(dataOf(discarded).draft).toBeNull();
    const res = await publish('contact');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no draft to publish/);
  });

  it('writes every publish, restore and reset to the audit log in words a head teacher reads', async () => {
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'section')).orderBy(auditLog.id);
    const home = entries.filter((e) => e.entityId === 'home').map((e) => `${e.action}: ${e.title}`);
    expect(home).toEqual([
      "publish: Published the Home page's words",
      "publish: Published the Home page's words",
      'update: Put the default text back as the draft of the Home page',
      "publish: Published the Home page's words",
      expect.stringMatching(/^publish: Restored the Home page to the version of \w{3} \d{1,2}, \d{4}$/),
    ]);
    const published = entries.find((e) => e.entityId === 'about' && e.action === 'publish')!;
    expect(published.username).toBe(managerName);
    expect(published.changes).toEqual(['banner']);
    expect(published.details).toEqual({ page: '/about' });
  });

  it('keeps the last 50 versions of a section', async () => {
    const subject = sectionSubject('admission');
    await app.db.delete(siteVersions).where(eq(siteVersions.subject, subject));
    for (let i = 1; i <= VERSIONS_KEPT + 5; i++)
      await keepVersion(app.db, subject, {
        content: edited('admission', `Version ${i}`),
        publishedAt: new Date(),
        publishedBy: null,
      });
    const kept = await listVersions(app.db, subject);
    expect(kept).toHaveLength(VERSIONS_KEPT);
    const rows = await app.db.select().from(siteVersions).where(eq(siteVersions.subject, subject));
    expect(rows.map((r) => markerOf('admission', r.content)).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `Version ${i + 6}`).sort(),
    );
    // A publish through the API keeps it at 50, the oldest going.
    await saveDraft('admission', edited('admission', 'Version 56'));
    await publish('admission');
    expect(await listVersions(app.db, subject)).toHaveLength(VERSIONS_KEPT);
    const oldest = await app.db
      .select()
      .from(siteVersions)
      .where(eq(siteVersions.subject, subject))
      .orderBy(siteVersions.id)
      .limit(1);
    expect(markerOf('admission', oldest[0]!.content)).toBe('Version 7');
    // Other sections keep theirs.
    expect((await listVersions(app.db, sectionSubject('home'))).length).toBe(3);
  });
});

describe('bad input changes nothing and names the field', () => {
  const refused = async (key: SectionKey, content: unknown, field: string, message: RegExp) => {
    const before = dataOf(await call('GET', base(key), admin));
    const res = await saveDraft(key, content, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toMatch(message);
    expect(dataOf(await call('GET', base(key), admin))).toEqual(before);
  };

  it('refuses a text over its limit', async () => {
    await refused('home', edited('home', 'x'.repeat(121)), 'content.hero.headline', /at most 120 characters/);
  });

  it('refuses a photo without alt text that is not marked decorative', async () => {
    const content = edited('home', 'With a photo');
    content.hero.photo = { url: '/uploads/garden.webp', alt: '', decorative: false };
    await refused('home', content, 'content.hero.photo.alt', /Describe the photo/);
  });

  it('refuses an unknown icon', async () => {
    const content = edited('home', 'Icons');
    (content.why.cards[1] as { icon: string }).icon = 'unicorn';
    await refused('home', content, 'content.why.cards.1.icon', /Choose an icon/);
  });

  it('refuses a programme without a name', async () => {
    const content = edited('programs', 'Programmes');
    content.programmes[0]!.name = ' ';
    await refused('programs', content, 'content.programmes.0.name', /programme name is required/);
  });

  it('refuses an unknown section and a missing content', async () => {
    const unknown = await saveDraft('blog', edited('home', 'x'), admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('section');
    expect((await call('GET', base('nursery'), admin)).statusCode).toBe(400);
    const empty = await call('PUT', `${base('about')}/draft`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('content');
  });

  it('refuses staff without website: write (403 naming it), and without website: read', async () => {
    for (const [method, url] of [
      ['PUT', `${base('home')}/draft`],
      ['DELETE', `${base('home')}/draft`],
      ['POST', `${base('home')}/publish`],
      ['POST', `${base('home')}/reset`],
      ['POST', `${base('home')}/versions/1/restore`],
    ] as const) {
      for (const cookie of [teacher, reader]) {
        const res = await call(method, url, cookie, { content: edited('home', 'Not mine') });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe('Needs website: write');
      }
    }
    const read = await call('GET', base('home'), teacher);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe('Needs website: read');
    expect((await call('GET', '/api/website/preview?section=home', teacher)).statusCode).toBe(403);
  });
});

describe('the public pages and their cache', () => {
  it('are not cleared by a draft (saved, discarded or reset), and are by a publish', async () => {
    const heard: string[] = [];
    app.siteChanges.subscribe((what) => heard.push(what));
    await saveDraft('curriculum', edited('curriculum', 'A draft'));
    await call('DELETE', `${base('curriculum')}/draft`, manager);
    await call('POST', `${base('curriculum')}/reset`, manager);
    expect(heard).toEqual([]);
    await publish('curriculum');
    expect(heard).toEqual(['/api/website/sections/curriculum/publish']);
  });

  it.skipIf(!built)('show parents the published words while a draft waits, and the new ones once published', async () => {
    for (const key of SECTION_KEYS) {
      await saveDraft(key, edited(key, `Live words of ${key}`));
      await publish(key);
      await saveDraft(key, edited(key, `Draft words of ${key}`));
      const page = await app.inject({ url: SECTION_PATHS[key] });
      expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
      expect(page.body, key).toContain(`Live words of ${key}`);
      expect(page.body).not.toContain(`Draft words of ${key}`);
    }
    await publish('home');
    expect((await app.inject({ url: '/' })).body).toContain('Draft words of home');
  });
});

describe.skipIf(!built)('the preview', () => {
  it("draws the section's real page with the draft applied, as a still picture framed by the site only", async () => {
    await saveDraft('about', edited('about', 'Previewed words'));
    const res = await call('GET', '/api/website/preview?section=about', reader);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Previewed words');
    expect(res.body).toContain('<header'); // the whole page, its menu included
    expect(res.body).not.toMatch(/<script/i);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'none'");
    // Parents still read the published words; the preview kept nothing in the page cache.
    expect((await app.inject({ url: '/about' })).body).not.toContain('Previewed words');
    expect((await call('GET', '/api/website/preview?section=about', reader)).body).toContain('Previewed words');
  });

  it("shows the draft even where parents' pages keep parts drawn once (the home page's hero)", async () => {
    await saveDraft('home', edited('home', 'Published hero'));
    await publish('home');
    expect((await app.inject({ url: '/' })).body).toContain('Published hero'); // the parts are kept now
    await saveDraft('home', edited('home', 'Draft hero'));
    const preview = await call('GET', '/api/website/preview?section=home', manager);
    expect(preview.body).toContain('Draft hero');
    expect(preview.body).not.toContain('Published hero');
    expect((await app.inject({ url: '/' })).body).toContain('Published hero');
  });

  it("draws an own page's draft at its address, listed in the header menu in its published link's place", async () => {
    const draft = { slug: 'our-garden', title: 'Our Garden', body: '<p>Beans and sunflowers.</p>', placement: 'header' as const };
    const { html } = await app.renderPreview!('/our-garden', 'https://school.example', {
      page: { ...draft, updated_at: new Date().toISOString(), replacesSlug: 'garden' },
    });
    expect(html).toContain('Beans and sunflowers.');
    expect(html).toContain('href="/our-garden"');
  });

  it('refuses an unknown section (400) and asks for a session', async () => {
    const res = await call('GET', '/api/website/preview?section=prices', reader);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('section');
    expect((await app.inject({ url: '/api/website/preview?section=home' })).statusCode).toBe(401);
  });
});

describe.runIf(testDriver() === 'pg' && built)('several instances (PostgreSQL)', () => {
  it('a publish on one instance is on the other within a second', async () => {
    const second = await openDb({ kind: 'pg', url: app.database.current.url!, poolSize: 2 });
    const other = await buildTestApp({ database: second, pages: true, publicUrl: 'https://school.example' });
    try {
      await other.ready();
      const until = Date.now() + 5000;
      while (!(app.siteChanges.listening() && other.siteChanges.listening()) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await other.inject({ url: '/programs' })).body).not.toContain('Everywhere at once');
      await saveDraft('programs', edited('programs', 'Everywhere at once'));
      await publish('programs');
      const published = Date.now();
      let seen = false;
      while (!seen && Date.now() - published < 1000) {
        seen = (await other.inject({ url: '/programs' })).body.includes('Everywhere at once');
        if (!seen) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seen).toBe(true);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('a backup', () => {
  it('keeps the edited sections, their drafts and their versions through a restore', async () => {
    const work = mkdtempSync(join(tmpdir(), 'sprout-sections-backup-'));
    try {
      await saveDraft('contact', edited('contact', 'Backed up, published'));
      await publish('contact');
      await saveDraft('contact', edited('contact', 'Backed up, draft'));
      const before = dataOf(await call('GET', base('contact'), admin));
      const versions = dataOf(await call('GET', `${base('contact')}/versions`, admin));
      const file = join(work, 'sections.tar.gz');
      await writeBackupFile(app.database.current, app.dataDir, file);

      // Changed after the backup: the restore brings the backup's words back.
      await publish('contact');
      await call('POST', `${base('contact')}/reset`, manager);
      const res = await restoreRequest(app, admin, readFileSync(file), { name: 'sections.tar.gz' });
      expect(res.statusCode, res.body).toBe(200);
      // Sessions are not in a backup: the administrator signs in again.
      admin = await sessionCookie(app, { id: adminId });
      const after = await call('GET', base('contact'), admin);
      expect(after.statusCode, after.body).toBe(200);
      expect(dataOf(after)).toEqual(before);
      expect(dataOf(await call('GET', `${base('contact')}/versions`, admin))).toEqual(versions);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
