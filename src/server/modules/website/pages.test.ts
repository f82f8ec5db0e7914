import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, siteVersions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';

let app: FastifyInstance;
let admin: string;
/** website: read and write, not delete. */
let editor: string;
/** website: read only. */
let reader: string;
/** No website permission at all (blog only). */
let blogger: string;

beforeAll(async () => {
  app = await buildTestApp();
  const school = await installTestSchool(app);
  admin = await sessionCookie(app, school.admin);
  editor = await sessionCookie(
    app,
    await createUser(app, { role: null, username: 'editor', permissions: { website: { read: true, write: true } } }),
  );
  reader = await sessionCookie(app, await createUser(app, { role: null, permissions: { website: { read: true } } }));
  blogger = await sessionCookie(app, await createUser(app, { role: 'user' }));
});
afterAll(() => app.close());

type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: Body) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const content = (overrides: Body = {}) => ({
  title: 'Term Dates',
  slug: 'term-dates',
  body: '<p>Autumn term starts on 2 September.</p>',
  placement: 'footer',
  ...overrides,
});
async function created(overrides: Body = {}) {
  const res = await call('POST', '/api/website/pages', editor, content(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; slug: string };
}
const publicPage = (slug: string) => call('GET', `/api/site/pages/${slug}`);
const auditTitles = async (id: number) =>
  (
    await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
  ).filter((e) => e.entity === 'page');

describe('pages of the school’s own: permissions', () => {
  it('asks anonymous callers to sign in, and refuses staff without the website permission', async () => {
    const { id } = await created({ slug: 'permissions-page', title: 'Permissions' });
    for (const [method, url] of [
      ['GET', '/api/website/pages'],
      ['GET', `/api/website/pages/${id}`],
      ['POST', '/api/website/pages'],
      ['PUT', `/api/website/pages/${id}/draft`],
      ['POST', `/api/website/pages/${id}/publish`],
      ['DELETE', `/api/website/pages/${id}`],
    ] as const) {
      expect((await call(method, url, undefined, method === 'GET' ? undefined : content())).statusCode, url).toBe(401);
      const refused = await call(method, url, blogger, method === 'GET' ? undefined : content());
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatch(/website/);
    }
  });

  it('lets website: read see drafts and history but not write; website: write edit and publish but not delete', async () => {
    const { id } = await created({ slug: 'rights', title: 'Rights' });
    expect((await call('GET', `/api/website/pages/${id}`, reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/website/pages/${id}/versions`, reader)).statusCode).toBe(200);
    const write = await call('PUT', `/api/website/pages/${id}/draft`, reader, content({ slug: 'rights' }));
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('Needs website: write');
    expect((await call('POST', `/api/website/pages/${id}/publish`, reader)).statusCode).toBe(403);
    expect((await call('POST', '/api/website/pages/privacy-notice', reader)).statusCode).toBe(403);
    const del = await call('DELETE', `/api/website/pages/${id}`, editor);
    expect(del.statusCode).toBe(403);
    expect(del.json().error).toBe('Needs website: delete');
    expect((await call('GET', `/api/website/pages/${id}`, admin)).statusCode).toBe(200);
  });
});

describe('a page from draft to published', () => {
  it('creates a draft parents cannot read, publishes it, and lists it for the menus', async () => {
    const { id } = await created();
    const page = (await call('GET', `/api/website/pages/${id}`, reader)).json().data;
    expect(page).toMatchObject({ state: 'draft', slug: 'term-dates', published: null, draftBy: 'editor' });
    expect(page.draft).toEqual(content());
    expect((await publicPage('term-dates')).statusCode).toBe(404);

    const draft = await call('PUT', `/api/website/pages/${id}/draft`, editor, content({ title: 'Term dates 2026-27' }));
    expect(draft.json().data.draft.title).toBe('Term dates 2026-27');
    expect((await publicPage('term-dates')).statusCode).toBe(404);

    const published = await call('POST', `/api/website/pages/${id}/publish`, editor);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ state: 'published', draft: null, publishedBy: 'editor' });
    const read = await publicPage('term-dates');
    expect(read.json().data).toMatchObject({ title: 'Term dates 2026-27', slug: 'term-dates', placement: 'footer' });
    expect(read.json().data.body).toBe('<p>Autumn term starts on 2 September.</p>');
    const links = (await call('GET', '/api/site/pages')).json().data;
    expect(links).toContainEqual(
      expect.objectContaining({ slug: 'term-dates', title: 'Term dates 2026-27', placement: 'footer' }),
    );

    // A draft waits beside the published page; parents keep reading the published one.
    await call('PUT', `/api/website/pages/${id}/draft`, editor, content({ title: 'Changed', slug: 'term-dates' }));
    expect((await call('GET', `/api/website/pages/${id}`, editor)).json().data.state).toBe('changed');
    expect((await publicPage('term-dates')).json().data.title).toBe('Term dates 2026-27');
    const titles = (await auditTitles(id)).map((e) => `${e.action}: ${e.title}`);
    expect(titles).toContain('publish: Published the page “Term dates 2026-27”: parents can read it now');
  });

  it('publishes what the editor sends in one step, and lists pages with their counters', async () => {
    const { id } = await created({ slug: 'uniforms', title: 'Uniforms' });
    const res = await call('POST', `/api/website/pages/${id}/publish`, editor, content({ slug: 'uniforms', title: 'Uniform' }));
    expect(res.json().data.published.title).toBe('Uniform');
    const list = (await call('GET', '/api/website/pages?q=unif', reader)).json();
    expect(list.data).toEqual([expect.objectContaining({ id, title: 'Uniform', state: 'published', placement: 'footer' })]);
    expect(list.data[0].body).toBeUndefined();
    expect(list.total).toBe(1);
    expect(list.counts.total).toBeGreaterThanOrEqual(list.counts.published + 1);
    const drafts = (await call('GET', '/api/website/pages?state=draft', reader)).json().data as { state: string }[];
    expect(drafts.every((p) => p.state === 'draft')).toBe(true);
    expect((await call('GET', '/api/website/pages?state=gone', reader)).statusCode).toBe(400);
  });

  it('takes a page off the site as a draft, and deletes it with its history', async () => {
    const { id } = await created({ slug: 'open-day', title: 'Open Day' });
    await call('POST', `/api/website/pages/${id}/publish`, editor);
    await call('POST', `/api/website/pages/${id}/publish`, editor, content({ slug: 'open-day', title: 'Open Day 2027' }));
    const off = await call('POST', `/api/website/pages/${id}/unpublish`, editor);
    expect(off.json().data).toMatchObject({ state: 'draft', published: null, draft: { title: 'Open Day 2027' } });
    expect((await publicPage('open-day')).statusCode).toBe(404);
    expect((await call('POST', `/api/website/pages/${id}/unpublish`, editor)).statusCode).toBe(409);
    expect((await call('GET', `/api/website/pages/${id}/versions`, editor)).json().data).toHaveLength(2);

    const deleted = await call('DELETE', `/api/website/pages/${id}`, admin);
    expect(deleted.json()).toEqual({ success: true });
    expect((await call('GET', `/api/website/pages/${id}`, admin)).statusCode).toBe(404);
    expect(
      await app.db
        .select()
        .from(siteVersions)
        .where(eq(siteVersions.subject, `page:${id}`)),
    ).toEqual([]);
    const trail = (await auditTitles(id)).map((e) => `${e.action}: ${e.title}`);
    expect(trail).toContain('unpublish: Took the page “Open Day 2027” off the site; it is kept as a draft');
    expect(trail).toContain('delete: Deleted the draft page “Open Day 2027” and its history');
    expect((await call('DELETE', `/api/website/pages/${id}`, admin)).statusCode).toBe(404);
  });
});

describe('addresses', () => {
  it('refuses an address the site answers already, naming the built-in page', async () => {
    for (const [slug, named] of [
      ['about', 'About page'],
      ['blog', 'Blog'],
      ['events', 'Events page'],
      ['cms', 'back office'],
      ['api', 'data service'],
      ['install', 'installation wizard'],
      ['uploads', 'uploaded photos'],
      ['sitemap', 'sitemap'],
    ]) {
      const res = await call('POST', '/api/website/pages', editor, content({ slug }));
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().fields.slug).toContain(`/${slug} is already the address of`);
      expect(res.json().fields.slug).toContain(named);
    }
    const spaces = await call('POST', '/api/website/pages', editor, content({ slug: 'our team' }));
    expect(spaces.json().fields.slug).toMatch(/lowercase letters, digits and single dashes/);
    expect((await call('POST', '/api/website/pages', editor, content({ slug: 'x'.repeat(81) }))).json().fields.slug).toMatch(
      /at most 80/,
    );
  });

  it('refuses an address another page uses (409 naming the field), published or in a draft, in any case', async () => {
    const first = await created({ slug: 'meals', title: 'Meals' });
    const again = await call('POST', '/api/website/pages', editor, content({ slug: 'Meals' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.slug).toBe('Another page already uses the address /meals. Choose another address.');

    // A published page whose draft moves to a new address holds both until it is published.
    await call('POST', `/api/website/pages/${first.id}/publish`, editor);
    await call('PUT', `/api/website/pages/${first.id}/draft`, editor, content({ slug: 'lunch', title: 'Meals' }));
    expect((await call('POST', '/api/website/pages', editor, content({ slug: 'lunch' }))).statusCode).toBe(409);
    expect((await call('POST', '/api/website/pages', editor, content({ slug: 'meals' }))).statusCode).toBe(409);
    await call('POST', `/api/website/pages/${first.id}/publish`, editor);
    expect((await publicPage('lunch')).statusCode).toBe(200);
    expect((await publicPage('meals')).statusCode).toBe(404);
    const other = await created({ slug: 'snacks' });
    const clash = await call('PUT', `/api/website/pages/${other.id}/draft`, editor, content({ slug: 'lunch' }));
    expect(clash.statusCode).toBe(409);
    expect((await call('GET', `/api/website/pages/${other.id}`, editor)).json().data.slug).toBe('snacks');
  });
});

describe('bad input changes nothing', () => {
  it('refuses a body with a script, naming the field', async () => {
    const { id } = await created({ slug: 'scripted', title: 'Before' });
    for (const body of [
      '<p>Hi</p><script>alert(1)</script>',
      '<p onclick="alert(1)">Hi</p>',
      '<p><a href="javascript:alert(1)">Hi</a></p>',
      '<iframe src="https://evil.example"></iframe><p>Hi</p>',
    ]) {
      const res = await call('PUT', `/api/website/pages/${id}/draft`, editor, content({ slug: 'scripted', body }));
      expect(res.statusCode, body).toBe(400);
      expect(res.json().fields.body).toMatch(/scripts or embedded code/);
    }
    expect((await call('GET', `/api/website/pages/${id}`, editor)).json().data.draft.title).toBe('Before');
  });

  it('keeps only what the blog editor makes (the blog’s sanitiser), and speaks of javascript: in text freely', async () => {
    const body =
      '<div class="x"><p style="color:red">Hello <img src="/x.png"> <b>there</b></p></div><p>Type javascript: here</p>';
    const { id } = await created({ slug: 'cleaned', body });
    expect((await call('GET', `/api/website/pages/${id}`, editor)).json().data.draft.body).toBe(
      '<p>Hello  <b>there</b></p><p>Type javascript: here</p>',
    );
  });

  it('refuses a missing title, a title over 120 characters, an empty body and an unknown placement', async () => {
    const res = await call('POST', '/api/website/pages', editor, {
      slug: 'bad',
      title: 'x'.repeat(121),
      body: '<p></p>',
      placement: 'side',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['body', 'placement', 'title']);
    expect((await call('GET', '/api/website/pages?q=bad', editor)).json().total).toBe(0);
  });
});

describe('history', () => {
  it('keeps each replaced version with who published it, and restores one (the current one is kept in turn)', async () => {
    const { id } = await created({ slug: 'fees', title: 'Fees 2025' });
    await call('POST', `/api/website/pages/${id}/publish`, editor);
    await call('POST', `/api/website/pages/${id}/publish`, admin, content({ slug: 'fees', title: 'Fees 2026' }));
    // A draft waiting is left as it is by a restore.
    await call('PUT', `/api/website/pages/${id}/draft`, editor, content({ slug: 'fees', title: 'Fees 2027 (draft)' }));
    const versions = (await call('GET', `/api/website/pages/${id}/versions`, reader)).json().data;
    expect(versions).toEqual([expect.objectContaining({ publishedBy: 'editor' })]);
    const old = (await call('GET', `/api/website/pages/${id}/versions/${versions[0].id}`, reader)).json().data;
    expect(old.content.title).toBe('Fees 2025');

    expect((await call('POST', `/api/website/pages/${id}/versions/${versions[0].id}/restore`, reader)).statusCode).toBe(403);
    const restored = await call('POST', `/api/website/pages/${id}/versions/${versions[0].id}/restore`, editor);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ published: { title: 'Fees 2025' }, draft: { title: 'Fees 2027 (draft)' } });
    expect((await publicPage('fees')).json().data.title).toBe('Fees 2025');
    const after = (await call('GET', `/api/website/pages/${id}/versions`, reader)).json().data;
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ publishedBy: 'admin' });
    const restore = (await auditTitles(id)).find((e) => e.title?.startsWith('Restored'))!;
    expect(restore.title).toMatch(/^Restored the page “Fees 2027 \(draft\)” to the version of \w+ \d+, \d{4}$/);
    expect(restore.details).toMatchObject({ page: '/fees', 'first published by': '@editor' });
    // Another page's version is not this page's.
    const other = await created({ slug: 'fees-other' });
    expect((await call('POST', `/api/website/pages/${other.id}/versions/${versions[0].id}/restore`, editor)).statusCode).toBe(
      404,
    );
  });

  it('keeps the last 50 versions', async () => {
    const { id } = await created({ slug: 'busy', title: 'v0' });
    for (let i = 0; i <= 52; i++)
      await call('POST', `/api/website/pages/${id}/publish`, editor, content({ slug: 'busy', title: `v${i}` }));
    const versions = (await call('GET', `/api/website/pages/${id}/versions`, reader)).json().data;
    expect(versions).toHaveLength(50);
  }, 60_000);
});

describe('the privacy notice to start from', () => {
  it('is made from the school’s settings as a draft that cannot be published while notes for staff are left', async () => {
    const school = await call('PUT', '/api/school', admin, {
      name: 'Little Acorns',
      email: 'office@acorns.test',
      branches: [{ name: 'Oak Road', address: '3 Oak Road, Leeds', phone: '0113 496 0000', lat: 53.8, lng: -1.57 }],
    });
    expect(school.statusCode, school.body).toBe(200);
    const settings = await call('PUT', '/api/security/settings', admin, {
      enquiryRetentionMonths: 18,
      auditRetentionMonths: 6,
      familyAccessAfterLeaving: { amount: 45, unit: 'days' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const res = await call('POST', '/api/website/pages/privacy-notice', editor);
    expect(res.statusCode, res.body).toBe(201);
    const page = res.json().data;
    expect(page).toMatchObject({
      state: 'draft',
      slug: 'privacy-policy',
      draft: { title: 'Privacy Policy', placement: 'footer' },
    });
    const body = page.draft.body as string;
    expect(body).toContain('This website belongs to Little Acorns.');
    expect(body).toContain('<a href="mailto:office@acorns.test"');
    expect(body).toContain('or by post at 3 Oak Road, Leeds.');
    expect(body).toContain('nothing has happened to for 18 months is deleted automatically');
    expect(body).toContain('(the audit log) is kept for 6 months');
    expect(body).toContain('sign in to the family area for 45 days after the last leaving date');
    expect(body).toContain('Visitors get no cookies from this website.');
    expect(body).toContain(
      app.database.kind === 'pg'
        ? 'in a PostgreSQL database server that the website uses'
        : 'in the database built into the website',
    );
    expect(body).toContain('in a folder on the same server');
    expect(body).toContain('[Staff:');

    const twice = await call('POST', '/api/website/pages/privacy-notice', editor);
    expect(twice.statusCode).toBe(409);
    // The page that has the address, for the screen to open.
    expect(twice.json().pageId).toBe(page.id);
    const refused = await call('POST', `/api/website/pages/${page.id}/publish`, editor);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.body).toMatch(/note for staff/);
    expect((await publicPage('privacy-policy')).statusCode).toBe(404);

    // Staff answer the first note where it stands (typed over it, the answer keeps its highlight) and remove the rest.
    const reviewed = body
      .replace(/<mark>\[Staff:[^\]]*\]<\/mark>/, '<mark>The website is hosted by Example Hosting Ltd.</mark>')
      .replace(/<mark>\[Staff:[^\]]*\]<\/mark>/g, '');
    const published = await call('POST', `/api/website/pages/${page.id}/publish`, editor, { ...page.draft, body: reviewed });
    expect(published.statusCode, published.body).toBe(200);
    const shown = (await publicPage('privacy-policy')).json().data.body as string;
    expect(shown).toContain('Your rights');
    // Parents read the answer as text, not highlighted.
    expect(shown).toContain('The website is hosted by Example Hosting Ltd.');
    expect(shown).not.toContain('<mark>');
  });
});
