import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionSummary } from '../../../shared/schemas/site-sections.ts';
import { users } from '../../db/schema/index.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { sessionCookie } from '../../test/factories.ts';
import { installPayload, TEST_ADMIN } from '../../test/install-payload.ts';
import { SAMPLE_SECTIONS } from '../sample/sample-site-content.ts';

// Issue 30, "No invented details go live": a school installed without the sample content reads on
// its public pages only what it gave and words true of any preschool; the sample content fills the
// spec's details, marked as sample in the back office.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

const PAGES = ['/', '/about', '/programs', '/curriculum', '/admission', '/contact'];

/** The spec's details a school never gave by installing: quotes, boards, counts, ages, hours, documents, contacts. */
const INVENTED = [
  ...SAMPLE_SECTIONS.home.testimonials.items.flatMap((t) => [t.name, t.quote.slice(0, 40)]),
  'Parent Testimonials',
  'CBSE',
  'Montessori',
  'STEAM',
  'two friendly branches',
  'For years',
  'trained',
  'aged 2 to 6',
  'Ages 2-6',
  'Monday-Friday',
  '9:00 AM',
  'openingHoursSpecification',
  'Daycare',
  'birth certificate',
  'passport-size',
  'CCTV',
  'first-aiders',
  'Abacus',
  'Eight ',
  '12 Garden Lane',
  'Lake View',
  '98765',
  'Main Branch',
  'City Branch',
  'sprout-preschool.example',
];

/**
 * What a parent and a search engine read: the page's text, its meta, alt and label attributes and
 * its JSON-LD (not the styles, nor the data the page hydrates from), without React's text markers.
 */
const readable = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .split('<')
    .map((part) => {
      // A tag with what it says (meta content, alt, label, JSON-LD) is kept; any other tag is a space.
      const end = part.indexOf('>');
      const tag = part.slice(0, end + 1);
      return /content="|alt="|aria-label="|application\/ld\+json/.test(tag) ? `<${part}` : ` ${part.slice(end + 1)}`;
    })
    .join('')
    .replace(/\s+/g, ' ');

async function installed(sampleContent: boolean): Promise<{ app: FastifyInstance; pages: string; cookie: string }> {
  const app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
  // The wizard's walkthrough: one branch without a phone, the school's e-mail; with the sample, no branch.
  const payload = installPayload({ sampleContent });
  payload.app.branches = sampleContent ? [] : [{ name: 'Oak Road', address: '3 Oak Road, Leeds LS6 2AB' }];
  const res = await app.inject({ method: 'POST', url: '/api/install', payload });
  expect(res.statusCode, res.body).toBe(201);
  let pages = '';
  for (const url of PAGES) {
    const page = await app.inject({ url });
    expect(page.statusCode, url).toBe(200);
    pages += `\n${url}: ${readable(page.body)}`;
  }
  const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username));
  return { app, pages, cookie: await sessionCookie(app, admin!) };
}

const sections = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ url: '/api/website/sections', headers: { cookie } })).json().data as SectionSummary[];

describe.skipIf(!built)('no invented details on a fresh install (issue 30)', () => {
  let plain: Awaited<ReturnType<typeof installed>>;
  let sample: Awaited<ReturnType<typeof installed>>;
  beforeAll(async () => {
    plain = await installed(false);
    sample = await installed(true);
  }, 120_000);
  afterAll(async () => {
    await plain?.app.close();
    await sample?.app.close();
  });

  it('without the sample content, no public page shows a detail the school never gave', () => {
    expect(INVENTED.filter((detail) => plain.pages.includes(detail))).toEqual([]);
    // What it gave is there, and the sections it has not filled are left out rather than invented.
    const given = ['Little Acorns', 'Oak Road', '3 Oak Road, Leeds LS6 2AB', 'office@acorns.test'];
    expect(given.filter((detail) => !plain.pages.includes(detail))).toEqual([]);
    expect(['Kind words', 'Testimonials from parents', 'Now Enrolling Ages'].filter((t) => plain.pages.includes(t))).toEqual([]);
  });

  it('with the sample content, the spec’s details are there, marked as sample text in the back office', async () => {
    for (const detail of [
      ...SAMPLE_SECTIONS.home.testimonials.items.map((t) => t.name),
      'Parent Testimonials',
      'CBSE',
      'two friendly branches',
      'Monday-Friday 9:00 AM-3:30 PM',
      'Ages 2-6 years',
      'Preschool & Daycare',
      'birth certificate',
      '12 Garden Lane',
      'City Branch',
      'openingHoursSpecification',
    ])
      expect(sample.pages.includes(detail), detail).toBe(true);

    const list = await sections(sample.app, sample.cookie);
    const marked = list.filter((s) => s.isSample).map((s) => s.key);
    expect(marked.sort()).toEqual(Object.keys(SAMPLE_SECTIONS).sort());
    expect(list.find((s) => s.key === 'contact')).toMatchObject({ isDefault: true, isSample: false });
    // A school with no sample content has nothing marked.
    expect((await sections(plain.app, plain.cookie)).some((s) => s.isSample)).toBe(false);

    // Once staff publish their own words, the section is no longer sample text.
    const about = structuredClone(SAMPLE_SECTIONS.about);
    about.bullets = ['Our own words'];
    const headers = { cookie: sample.cookie };
    const base = '/api/website/sections/about';
    expect(
      (await sample.app.inject({ method: 'PUT', url: `${base}/draft`, headers, payload: { content: about } })).statusCode,
    ).toBe(200);
    expect((await sample.app.inject({ method: 'POST', url: `${base}/publish`, headers })).statusCode).toBe(200);
    expect((await sections(sample.app, sample.cookie)).find((s) => s.key === 'about')).toMatchObject({ isSample: false });
  });
});
