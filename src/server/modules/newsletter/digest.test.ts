import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDatetimeLocal } from '../../../shared/dates.ts';
import type { DigestStatus } from '../../../shared/schemas/newsletter.ts';
import { events, newsletterSubscribers, posts } from '../../db/schema/index.ts';
import { buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { createCategory, createEvent, createPost } from '../../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { runDigest } from './digest.ts';
import { mailTo } from './newsletter-test-kit.ts';

// Issue 33, the weekly digest: at the day and hour the school chose (its own clock), the new public
// posts and the coming fortnight's public events go to the subscribers of news or events, once a
// week; nothing new, nothing sent.

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url });
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  // Only what this test publishes is new.
  await app.db.delete(posts);
  await app.db.delete(events);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const settings = (payload: object) =>
  app.inject({ method: 'PUT', url: '/api/newsletter/digest', headers: { cookie: admin }, payload });

describe('the weekly digest', () => {
  it('goes out once at its hour, each subscriber with the topics they chose, and not when nothing is new', async () => {
    await app.db.insert(newsletterSubscribers).values([
      { email: 'news@example.test', topics: ['news'], state: 'confirmed', source: 'footer' },
      { email: 'events@example.test', topics: ['events'], state: 'confirmed', source: 'blog' },
      { email: 'both@example.test', topics: ['events', 'news'], state: 'confirmed', source: 'footer' },
      { email: 'pending@example.test', topics: ['news', 'events'], source: 'footer' },
      { email: 'left@example.test', topics: ['news', 'events'], state: 'unsubscribed', source: 'footer' },
    ]);
    // The digest's day and hour: two days from now, on the school's clock.
    const timeZone = (await getSchoolProfile(app.db)).timezone;
    const target = toDatetimeLocal(new Date(Date.now() + 2 * DAY), timeZone);
    const weekday = new Date(`${target.slice(0, 10)}T12:00:00Z`).getUTCDay();
    const hour = Number(target.slice(11, 13));
    expect((await settings({ enabled: true, weekday: 9, hour })).statusCode).toBe(400);
    const saved = await settings({ enabled: true, weekday, hour });
    expect(saved.statusCode, saved.body).toBe(200);
    const status = saved.json().data as DigestStatus;
    expect(status).toMatchObject({ enabled: true, weekday, hour });
    const at = new Date(status.nextAt!);
    expect(toDatetimeLocal(at, timeZone)).toBe(`${target.slice(0, 13)}:00`);
    expect((await app.inject({ method: 'GET', url: '/api/newsletter/digest', headers: { cookie: admin } })).json().data).toEqual(
      status,
    );

    const post = await createPost(app, { title: 'Our new garden', excerpt: 'Seeds went in today.' });
    const category = await createCategory(app, 'Digest');
    await createEvent(app, { categoryId: category.id, title: 'Harvest picnic', startDate: new Date(at.getTime() + 3 * DAY) });
    await createEvent(app, { categoryId: category.id, title: 'Far away fair', startDate: new Date(at.getTime() + 40 * DAY) });
    await createPost(app, { title: 'For families only', audience: 'families' });

    expect(await runDigest(app, new Date(at.getTime() - MINUTE))).toEqual({ sent: false, reason: 'done' });
    const sent = await runDigest(app, new Date(at.getTime() + MINUTE));
    expect(sent).toMatchObject({ sent: true, recipients: 3 });
    // Each gets what they chose: the posts, the events, or both.
    for (const [to, posts, events] of [
      ['news@example.test', true, false],
      ['events@example.test', false, true],
      ['both@example.test', true, true],
    ] as const) {
      const [digest] = await mailTo(app, smtp, to);
      expect(digest!.subject).toMatch(/^This week at /);
      expect((digest!.text ?? '').includes(`Our new garden: http://`), to).toBe(posts);
      expect((digest!.text ?? '').includes(`/blog/${post.slug}`), to).toBe(posts);
      expect((digest!.text ?? '').includes('Harvest picnic'), to).toBe(events);
      expect(digest!.text).not.toContain('Far away fair');
      expect(digest!.text).not.toContain('For families only');
    }
    const count = smtp.received.length;
    expect(count).toBe(3);

    // Once a week: the same hour looked at again, or a week later with nothing new, sends nothing.
    expect(await runDigest(app, new Date(at.getTime() + 2 * MINUTE))).toEqual({ sent: false, reason: 'done' });
    expect(await runDigest(app, new Date(at.getTime() + 7 * DAY + MINUTE))).toEqual({ sent: false, reason: 'nothing-new' });
    expect(await runDigest(app, new Date(at.getTime() + 7 * DAY + 2 * MINUTE))).toEqual({ sent: false, reason: 'done' });
    await app.mailings.settle();
    expect(smtp.received.length).toBe(count);

    expect((await settings({ enabled: false, weekday, hour })).json().data.nextAt).toBeNull();
    expect(await runDigest(app, new Date(at.getTime() + 14 * DAY + MINUTE))).toEqual({ sent: false, reason: 'off' });
  });
});
