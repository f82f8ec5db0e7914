import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { listEvents, type EventDto } from '../events/events.service.ts';
import { listPosts, type PostDto } from '../posts/posts.service.ts';
import { seedSampleContent } from '../sample/sample-content.ts';
import { uploadPhoto } from '../../test/content-factories.ts';

// Every public page's HTML through html-validate with the repository's .htmlvalidate.json (its
// recommended and document presets; the rules set otherwise and why: docs/decisions/0020), on a new
// school and on one with the sample content, so that the next markup error fails the tests (issue 31:
// the W3C checker found one on every page).
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
const ROOT = resolve(import.meta.dirname, '../../../..');
const validator = new HtmlValidate(new FileSystemConfigLoader());

const PAGES = ['/', '/about', '/programs', '/curriculum', '/admission', '/contact', '/events', '/events?view=month', '/blog'];
const NOT_FOUND = ['/no-such-page', '/event/no-such-event', '/blog/no-such-post'];

/** An attribute holding one URL (srcset holds several, apart by spaces). */
const URL_ATTRIBUTE = /\s(href|src|action|poster)="([^"]*)"/g;

/** The page's markup errors, one line each: where, which rule, what, and the element. */
async function markupErrors(app: FastifyInstance, path: string, status: number): Promise<string[]> {
  const response = await app.inject({ url: path });
  expect(response.statusCode, path).toBe(status);
  expect(response.headers['content-type'], path).toMatch(/^text\/html/);
  // The name puts the page beside .htmlvalidate.json, where the loader looks for its settings.
  const report = await validator.validateString(response.body, join(ROOT, 'public-page.html'));
  const errors = report.results.flatMap((result) =>
    result.messages.map((m) => `${path} ${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? ''})`),
  );
  // The W3C checker's error on every page (a favicon data: URL with raw spaces), which html-validate
  // does not look for: a URL holds no whitespace but around it.
  for (const [, name, url] of response.body.matchAll(URL_ATTRIBUTE)) {
    if (/\s/.test(url!.trim())) errors.push(`${path} ${name}="${url!.slice(0, 60)}...": whitespace in a URL`);
  }
  return errors;
}

async function allErrors(app: FastifyInstance, pages: string[]) {
  const errors: string[] = [];
  for (const path of pages) errors.push(...(await markupErrors(app, path, 200)));
  for (const path of NOT_FOUND) errors.push(...(await markupErrors(app, path, 404)));
  return errors;
}

/** Publishes a page of the school's own (in the header) and the privacy notice (in the footer): their addresses. */
async function publishOwnPages(app: FastifyInstance, cookie: string): Promise<string[]> {
  const write = async (url: string, payload?: object) => {
    const response = await app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().data as { id: number; draft: { body: string } };
  };
  const photo = await uploadPhoto(app, cookie);
  const page = await write('/api/website/pages', {
    title: 'Term Dates',
    slug: 'term-dates',
    body:
      '<h2>Autumn term</h2><p>From <strong>2 September</strong>:</p><ul><li>Half term: 28 October</li></ul>' +
      `<img src="${photo.url}" alt="The garden in autumn" width="${photo.width}" height="${photo.height}">`,
    placement: 'header',
  });
  await write(`/api/website/pages/${page.id}/publish`);
  const privacy = await write('/api/website/pages/privacy-notice');
  // Its notes for staff (what to fill in) are left out, as publishing asks.
  const body = privacy.draft.body.replace(/<mark>\[Staff:[^\]]*\]<\/mark>/g, '');
  await write(`/api/website/pages/${privacy.id}/publish`, { ...privacy.draft, body });
  return ['/term-dates', '/privacy-policy'];
}

describe.skipIf(!built)('public pages of a new school, without content', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ pages: true });
    await installTestSchool(app);
  }, 180_000);
  afterAll(() => app?.close());

  it('are valid HTML', { timeout: 120_000 }, async () => {
    expect(await allErrors(app, PAGES)).toEqual([]);
  });
});

describe.skipIf(!built)('public pages with the sample content', () => {
  let app: FastifyInstance;
  let events: EventDto[];
  let posts: PostDto[];
  let ownPages: string[];
  beforeAll(async () => {
    app = await buildTestApp({ pages: true });
    const { admin } = await installTestSchool(app);
    await seedSampleContent(app.db, { dataDir: app.dataDir, adminId: admin.id });
    events = await listEvents(app.db);
    posts = await listPosts(app.db, { includeDrafts: false });
    ownPages = await publishOwnPages(app, await sessionCookie(app, admin));
  }, 180_000);
  afterAll(() => app?.close());

  it(
    "are valid HTML: every event (a gallery's among them), every post, and pages of the school's own",
    { timeout: 120_000 },
    async () => {
      expect(events.some((e) => e.gallery_id !== null)).toBe(true);
      const pages = [
        ...PAGES,
        ...events.map((e) => `/event/${e.slug || e.id}`),
        ...posts.map((p) => `/blog/${p.slug}`),
        ...ownPages,
      ];
      expect(await allErrors(app, pages)).toEqual([]);
    },
  );
});
