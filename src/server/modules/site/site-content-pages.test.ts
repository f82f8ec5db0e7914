import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Branch } from '../../../shared/schemas/school.ts';
import type { SiteContent } from '../../../shared/schemas/site-content.ts';
import { SITE_DEFAULTS, type SectionKey } from '../../../shared/schemas/site-content-defaults.ts';
import { siteSections } from '../../db/schema/index.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { pngBytes, uploadPhoto } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { getSchoolProfile, getSiteContent, saveSchoolProfile } from './site.service.ts';

// Issue 30: the public pages draw the school's words from the site content, today's texts by default.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  if (!built) return;
  app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
  await installTestSchool(app);
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
});
afterAll(() => app?.close());

const page = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
/** What a parent reads: the page's text without its tags (and without React's text markers). */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");

/** Publishes a section as the back office's Publish does: the stored document, then the pages' caches emptied. */
async function publish<K extends SectionKey>(key: K, content: SiteContent[K] | Record<string, unknown>) {
  await app.db
    .insert(siteSections)
    .values({ key, published: content, publishedAt: new Date() })
    .onConflictDoUpdate({ target: siteSections.key, set: { published: content, publishedAt: new Date() } });
  app.pageCache.clear();
}
async function reset(key: SectionKey) {
  await publish(key, null as never);
}

describe.skipIf(!built)('public pages with the site content (issue 30)', () => {
  it('a fresh install shows today’s texts on every page', async () => {
    const home = textOf(await page('/'));
    for (const text of [
      SITE_DEFAULTS.home.hero.copy,
      'Why Choose Sprout?',
      ...SITE_DEFAULTS.home.why.cards.map((c) => c.title),
      'Latest Events',
    ])
      expect(home).toContain(text);
    // No testimonial is invented: the section is not drawn until the school adds one.
    expect(home).not.toContain('Testimonials from parents');
    expect(home).toContain('<title>A Place to Grow, Learn & Shine | Sprout</title>');
    expect(home).toContain('Learn More<span class="sr-only"> about us</span>');
    expect(home).toContain('aria-label="Happy children learning and playing in preschool"');
    expect(home).toContain('class="scene');
    expect(home).not.toContain('rel="preload" as="image"');

    const about = textOf(await page('/about'));
    for (const text of [...SITE_DEFAULTS.about.blocks.map((b) => b.title), ...SITE_DEFAULTS.about.bullets])
      expect(about).toContain(text);
    const programs = textOf(await page('/programs'));
    for (const p of SITE_DEFAULTS.programs.programmes) expect(programs).toContain(p.description);
    expect(programs).toMatch(
      /<meta name="description" content="Playgroup \(ages 2-3\), Nursery \(ages 3-4\) and Kindergarten \(ages 4-6\)\./,
    );
    const curriculum = textOf(await page('/curriculum'));
    for (const a of SITE_DEFAULTS.curriculum.areas) expect(curriculum).toContain(a.name);
    const admission = textOf(await page('/admission'));
    for (const text of SITE_DEFAULTS.admission.instructions) expect(admission).toContain(text.replace(/'/g, "'"));
    expect(admission).toContain('<option value="nursery">Nursery (3-4 yrs)</option>');
    const contact = textOf(await page('/contact'));
    expect(contact).toContain(SITE_DEFAULTS.contact.banner.text);
    expect(contact).toContain('Send us a message');
  });

  it('a published section’s words replace today’s on the page, and its reset brings them back', async () => {
    const home = structuredClone(SITE_DEFAULTS.home);
    home.hero.headline = 'Little Acorns grow here';
    home.hero.copy = 'A garden school for toddlers and pre-schoolers.';
    home.hero.buttons = [
      { label: 'Apply now', target: '/admission' },
      { label: 'Our programmes', target: '/programs' },
    ];
    home.why.heading = 'Why parents pick {school}';
    home.testimonials.items = [
      { name: 'Hannah Cole', relation: 'Mother of Rosie', quote: 'Rosie loves the mud kitchen.', rating: 4 },
    ];
    home.events.heading = 'Coming up at Little Acorns';
    home.showScene = false;
    await publish('home', home);
    const html = textOf(await page('/'));
    expect(html).toContain('<title>Little Acorns grow here | Sprout</title>');
    expect(html).toContain(
      '<h1 class="mt-4 text-4xl font-black leading-tight tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">Little Acorns grow here</h1>',
    );
    expect(html).toContain('<meta name="description" content="A garden school for toddlers and pre-schoolers."');
    expect(html).toContain('href="/programs"');
    expect(html).toContain('Why parents pick Sprout');
    expect(html).toContain('Mother of Rosie');
    expect(html).toContain('aria-label="Rated 4 out of 5"');
    expect(html).toContain('Coming up at Little Acorns');
    for (const gone of [
      'Grow</span>',
      SITE_DEFAULTS.home.hero.copy,
      'Priya Sharma',
      'Latest Events',
      'Getting Started',
      'class="scene',
    ])
      expect(html).not.toContain(gone);

    await reset('home');
    const again = textOf(await page('/'));
    expect(again).toContain(SITE_DEFAULTS.home.hero.copy);
    expect(again).not.toContain('Mother of Rosie');
  });

  it('a renamed, an added and a hidden programme: /programs shows all three, the admission form offers the open ones', async () => {
    const programs = structuredClone(SITE_DEFAULTS.programs);
    programs.programmes[0]!.name = 'Toddlers';
    programs.programmes[0]!.ages = 'Ages 1.5-2';
    programs.programmes[1]!.hidden = true;
    programs.programmes.push({
      ...programs.programmes[2]!,
      key: 'reception',
      name: 'Reception',
      ages: '4-5',
      description: 'The year before school.',
    });
    await publish('programs', programs);
    const list = textOf(await page('/programs'));
    for (const name of ['Toddlers', 'Nursery', 'Kindergarten', 'Reception', 'The year before school.'])
      expect(list).toContain(name);
    expect(list).toMatch(
      /<meta name="description" content="Toddlers \(ages 1.5-2\), Nursery \(ages 3-4\), Kindergarten \(ages 4-6\) and Reception \(4-5\)\./,
    );
    const form = await page('/admission');
    expect(form).toContain('<option value="playgroup">Toddlers (1.5-2 yrs)</option>');
    expect(form).toContain('<option value="reception">Reception (4-5)</option>');
    expect(form).not.toContain('value="nursery"');
    expect(form).not.toContain('Playgroup');
    await reset('programs');
  });

  it('preloads the hero photo with its variants and draws it with its alt text; a decorative photo has alt=""', async () => {
    const photo = await uploadPhoto(app, cookie, await pngBytes(1200, 900, '#77aa55'));
    const home = structuredClone(SITE_DEFAULTS.home);
    home.hero.photo = { url: photo.url, alt: 'Children planting beans in the school garden', decorative: false };
    await publish('home', home);
    let html = await page('/');
    const srcset = photo.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${photo.url}" imagesrcset="${srcset}" imagesizes="(min-width: 608px) 576px, calc(100vw - 2rem)" fetchpriority="high" />`,
    );
    const img = /<img [^>]*src="\/uploads\/[^"]+"[^>]*>/.exec(html)![0];
    expect(img).toContain('alt="Children planting beans in the school garden"');
    expect(img).toContain(`srcSet="${srcset}"`);
    expect(img).toContain('fetchPriority="high"');
    expect(img).not.toContain('loading="lazy"');
    expect(img).toMatch(/width="1200" height="900"/);
    expect(html).not.toContain('aria-label="Happy children learning and playing in preschool"');
    expect(html).toContain(`property="og:image" content="https://school.example${photo.url}"`);

    home.hero.photo = { url: photo.url, alt: '', decorative: true };
    await publish('home', home);
    html = await page('/');
    expect(/<img [^>]*src="\/uploads\/[^"]+"[^>]*>/.exec(html)![0]).toContain('alt=""');

    const about = structuredClone(SITE_DEFAULTS.about);
    about.blocks[0]!.photo = { url: photo.url, alt: 'Our classroom', decorative: false };
    await publish('about', about);
    const aboutHtml = await page('/about');
    expect(aboutHtml).toMatch(/<img [^>]*alt="Our classroom"[^>]*>/);
    expect(aboutHtml).toContain(`${photo.variants[0]!.url} 400w`);
    await reset('home');
    await reset('about');
  });

  it('a stored section that no longer fits its schema is logged and the page shows today’s text', async () => {
    await publish('contact', { banner: { title: '' }, formTitle: 42 });
    const warnings: unknown[] = [];
    expect(await getSiteContent(app.db, 'contact', { warn: (details) => warnings.push(details) })).toEqual(SITE_DEFAULTS.contact);
    expect(warnings).toEqual([expect.objectContaining({ section: 'contact' })]);
    expect(textOf(await page('/contact'))).toContain('Send us a message');
    await reset('contact');
  });

  it('GET /api/site/content/:key answers the published words, never a draft, and 404 for another key', async () => {
    const draft = structuredClone(SITE_DEFAULTS.admission);
    draft.instructions = ['A draft instruction'];
    await app.db
      .insert(siteSections)
      .values({ key: 'admission', draft })
      .onConflictDoUpdate({ target: siteSections.key, set: { draft } });
    app.pageCache.clear();
    const res = await app.inject({ url: '/api/site/content/admission' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ content: SITE_DEFAULTS.admission, photos: {} });
    expect(await page('/admission')).not.toContain('A draft instruction');
    expect((await app.inject({ url: '/api/site/content/secrets' })).statusCode).toBe(404);
  });

  it('leaves out a detail the school never gave: no phone link, map or hours line', async () => {
    const school = { ...(await getSchoolProfile(app.db)), hours: 'Mon-Fri 8:00 AM-6:00 PM' };
    await saveSchoolProfile(app.db, {
      ...school,
      hours: '',
      // A branch as the install wizard takes it: no phone, no position on the map.
      branches: [{ name: 'Oak Road', address: '3 Oak Road, Leeds' } as Branch],
    });
    app.pageCache.clear();
    for (const path of ['/', '/contact', '/admission']) {
      const html = await page(path);
      expect(html, path).not.toContain('href="tel:');
      expect(html, path).not.toContain('<iframe');
      expect(html, path).not.toContain(school.hours);
      expect(html, path).not.toContain('98765');
    }
    expect(textOf(await page('/contact'))).toContain('3 Oak Road, Leeds');
    // With the school's own phone and position, they show.
    await saveSchoolProfile(app.db, school);
    app.pageCache.clear();
    const contact = await page('/contact');
    expect(contact).toContain('href="tel:+919876543210"');
    expect(contact).toContain('<iframe');
    expect(contact).toContain('Mon-Fri 8:00 AM-6:00 PM');
  });
});
