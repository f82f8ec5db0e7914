import { describe, expect, it } from 'vitest';
import { AdmissionFormSchema, ContactFormSchema } from '../../../shared/schemas/enquiry.ts';
import { DEFAULT_SECURITY_SETTINGS } from '../../../shared/schemas/security.ts';
import { SitePageContentSchema } from '../../../shared/schemas/site-page.ts';
import { sitePages } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installPayload } from '../../test/install-payload.ts';
import { sanitizePostHtml } from '../posts/sanitize.ts';
import { ADMISSION_WORDS, privacyNoticeHtml, privacyNoticePage, type PrivacyFacts } from './privacy-notice.ts';

const facts = (overrides: Partial<PrivacyFacts> = {}): PrivacyFacts => ({
  school: { name: 'Little Acorns & Co', email: 'office@acorns.test', branches: [], timezone: 'Europe/London' },
  security: { ...DEFAULT_SECURITY_SETTINGS, enquiryRetentionMonths: 1 },
  backups: { enabled: false, keep: 7 },
  database: 'pglite',
  storage: 'folder',
  today: new Date('2026-11-28T10:00:00Z'),
  ...overrides,
});

describe('the privacy notice to start from', () => {
  it('names every field the admission and contact forms ask for', () => {
    const html = privacyNoticeHtml(facts());
    const asked = (shape: object) => Object.keys(shape).filter((k) => k !== 'website' && k !== 'formToken');
    for (const field of asked(AdmissionFormSchema.shape))
      expect(html, field).toContain(ADMISSION_WORDS[field as keyof typeof ADMISSION_WORDS]);
    expect(asked(ContactFormSchema.shape)).toEqual(['name', 'email', 'message']);
    expect(html).toContain('The contact form asks for your name, your e-mail address and your message.');
  });

  it('says what this server does: its database, its photo storage, its backups and the school’s retention', () => {
    const builtIn = privacyNoticeHtml(facts());
    expect(builtIn).toContain('This website belongs to Little Acorns &amp; Co.');
    expect(builtIn).toContain('in the database built into the website');
    expect(builtIn).toContain('in a folder on the same server');
    expect(builtIn).toContain('nothing has happened to for 1 month is deleted automatically');
    expect(builtIn).toContain(
      '<mark>[Staff: say where backup copies are kept and for how long, or remove this sentence.]</mark>',
    );
    expect(builtIn).toContain('Sprout wrote this notice on November 28, 2026');
    expect(builtIn).not.toContain('by post');

    const server = privacyNoticeHtml(
      facts({
        database: 'pg',
        storage: 's3',
        backups: { enabled: true, keep: 14 },
        school: {
          ...facts().school,
          branches: [{ name: 'Oak Road', address: '3 Oak Road, Leeds', phone: '0113 496 0000', lat: 53.8, lng: -1.57 }],
        },
      }),
    );
    expect(server).toContain('in a PostgreSQL database server that the website uses');
    expect(server).toContain('in an online storage service (S3-compatible storage)');
    expect(server).toContain(
      'the newest 14 copies are kept: information deleted from the website is gone from the backups 14 days later',
    );
    expect(server).toContain('or by post at 3 Oak Road, Leeds.');
  });

  it('states both periods after a child leaves, in words, from the school’s settings', () => {
    const defaults = privacyNoticeHtml(facts());
    expect(defaults).toContain(
      'When all your children have left us, you can still sign in to the family area for 3 months after the last leaving date. After that, your access ends.',
    );
    expect(defaults).toContain(
      '12 months after your child leaves us, photos in which we have marked your child are no longer shown to other families or on this website',
    );
    expect(defaults).toContain('one cookie keeps them signed in, for 30 days after their last visit');
    const changed = privacyNoticeHtml(
      facts({
        security: {
          ...facts().security,
          familyAccessAfterLeaving: { amount: 1, unit: 'months' },
          photosAfterLeaving: { amount: 90, unit: 'days' },
        },
      }),
    );
    expect(changed).toContain('sign in to the family area for 1 month after the last leaving date');
    expect(changed).toContain('90 days after your child leaves us, photos in which we have marked your child');
    expect(changed).not.toContain('12 months after your child leaves us');
  });

  it('names the newsletter, its lawful basis (consent) and how to leave it (issue 33)', () => {
    const html = privacyNoticeHtml(facts());
    expect(html).toContain('<h3>Our newsletter</h3>');
    expect(html).toContain('the lawful basis is your consent, and you can withdraw it at any time');
    expect(html).toContain('Every newsletter e-mail has a link to unsubscribe in one click');
    expect(html).toContain('an address that is not confirmed within 7 days is deleted');
    expect(html).toContain('A newsletter subscription is kept until you unsubscribe');
  });

  it('is a valid page that the sanitiser keeps as written (what staff review is what parents read)', () => {
    const page = privacyNoticePage(facts());
    expect(SitePageContentSchema.parse(page)).toEqual(page);
    const links = /<a href="mailto:office@acorns.test">/g;
    expect(sanitizePostHtml(page.body).replace(/ target="_blank" rel="noopener noreferrer nofollow"/g, '')).toBe(page.body);
    expect(page.body.match(links)).toHaveLength(2);
  });
});

describe('installing a school', () => {
  for (const sampleContent of [false, true]) {
    it(`leaves the privacy notice as a draft for staff to review (${sampleContent ? 'with' : 'without'} sample content)`, async () => {
      const app = await buildTestApp();
      try {
        const res = await app.inject({ method: 'POST', url: '/api/install', payload: installPayload({ sampleContent }) });
        expect(res.statusCode, res.body).toBe(201);
        const rows = await app.db.select().from(sitePages);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          slug: 'privacy-policy',
          published: null,
          draftBy: res.json().adminId ?? expect.any(Number),
        });
        const draft = rows[0]!.draft as { title: string; placement: string; body: string };
        expect(draft).toMatchObject({ title: 'Privacy Policy', placement: 'footer' });
        expect(draft.body).toContain('This website belongs to Little Acorns.');
        expect(draft.body).toContain('mailto:office@acorns.test');
        expect(draft.body).toContain('you can still sign in to the family area for 3 months after the last leaving date');
        // Parents see nothing of it until it is published.
        expect((await app.inject('/api/site/pages')).json().data).toEqual([]);
      } finally {
        await app.close();
      }
    }, 60_000);
  }
});
