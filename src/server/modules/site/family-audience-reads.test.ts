import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent, createPost } from '../../test/content-factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { listTags } from '../posts/posts.service.ts';

// Issue 32: a post or an event for families (all, a branch's, a programme's) is never on the public
// site: not its pages, not its JSON, not the feeds, not a count or a filter of the events list.

const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
const DAY = 24 * 3600_000;
// The public events take place at the first branch (the factory's location), the families' at the second.
const [PUBLIC_BRANCH, BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string, string];
const [PROGRAMME] = SITE_DEFAULTS.programs.programmes.map((p) => p.key) as [string];
/** Words only the families' posts and events carry: no public answer may hold them. */
const SECRET = /Walnut|walnut/;

let app: FastifyInstance;
let blogReader: string;
let eventsReader: string;
const ids = { posts: [] as number[], events: [] as number[] };

beforeAll(async () => {
  app = await buildTestApp({ pages: built, publicUrl: 'https://school.example' });
  await installTestSchool(app);
  blogReader = await sessionCookie(app, await createUser(app, { role: null, permissions: { blog: { read: true } } }));
  eventsReader = await sessionCookie(app, await createUser(app, { role: null, permissions: { events: { read: true } } }));
  const open = await createCategory(app, 'Open day');
  // A category and a place only the families' events have: the list offers neither.
  const privateCategory = await createCategory(app, 'Walnut club');
  await createEvent(app, { categoryId: open.id, title: 'Open morning', slug: 'open-morning' });
  await createEvent(app, { categoryId: open.id, title: 'Old fair', startDate: new Date(Date.now() - 30 * DAY) });
  await createPost(app, { title: 'Hello parents', slug: 'hello-parents', tags: ['news'] });
  const groups = [
    { audience: 'families' as const, audienceBranch: null, audienceProgramme: null },
    { audience: 'branch' as const, audienceBranch: BRANCH, audienceProgramme: null },
    { audience: 'programme' as const, audienceBranch: BRANCH, audienceProgramme: PROGRAMME },
  ];
  for (const [i, group] of groups.entries()) {
    const post = await createPost(app, { title: `Walnut letter ${i}`, slug: `walnut-letter-${i}`, tags: ['walnut'], ...group });
    ids.posts.push(post.id);
    for (const when of [2 * DAY, -20 * DAY]) {
      const event = await createEvent(app, {
        categoryId: privateCategory.id,
        title: `Walnut meeting ${i}${when < 0 ? ' past' : ''}`,
        slug: `walnut-meeting-${i}${when < 0 ? '-past' : ''}`,
        location: `${BRANCH}, walnut room`,
        startDate: new Date(Date.now() + when),
        ...group,
      });
      ids.events.push(event.id);
    }
  }
});
afterAll(() => app?.close());

const anon = (url: string) => app.inject({ url });
const staff = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

describe('posts and events for families on the public site', () => {
  it('are in no public JSON answer, by list, id or slug', async () => {
    for (const url of [
      '/api/posts?limit=100',
      '/api/events?limit=100',
      '/api/events?limit=100&sort=start-desc',
      '/api/events?limit=100&q=walnut',
      '/api/site/posts?limit=50',
      '/api/site/posts?limit=50&tag=walnut',
      '/api/site/events?limit=50',
      '/api/site/event-list',
    ]) {
      const res = await anon(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(SECRET);
    }
    for (const i of [0, 1, 2]) {
      for (const url of [
        `/api/posts/slug/walnut-letter-${i}`,
        `/api/posts/${ids.posts[i]}`,
        `/api/site/posts/walnut-letter-${i}`,
        `/api/events/walnut-meeting-${i}`,
        `/api/events/${ids.events[2 * i]}`,
        `/api/site/events/walnut-meeting-${i}`,
        `/api/site/events/${ids.events[2 * i]}`,
        `/events/walnut-meeting-${i}.ics`,
      ])
        expect((await anon(url)).statusCode, url).toBe(404);
    }
  });

  it('are not counted: the blog’s and the events list’s counters, the list’s totals and filters, the tags', async () => {
    expect((await anon('/api/posts')).json().counts).toEqual({ total: 1, published: 1, draft: 0 });
    const events = (await anon('/api/events')).json();
    expect(events.counts.total).toBe(2);
    expect(events.total).toBe(2);
    expect((await anon('/api/events?q=walnut')).json().total).toBe(0);
    const list = (await anon('/api/site/event-list')).json().data;
    expect(list.upcoming.total).toBe(1);
    expect(list.past.total).toBe(1);
    expect(list.categories.map((c: { name: string }) => c.name)).toEqual(['Open day']);
    // The school's branches, whatever its events (issue 34): a family-only event adds nothing.
    expect(list.branches.map((b: { name: string }) => b.name)).toEqual([PUBLIC_BRANCH, BRANCH]);
    expect((await anon('/api/site/event-list?category=walnut-club')).statusCode).toBe(404);
    expect((await listTags(app.db)).map((t) => t.tag)).toEqual(['news']);
  });

  it('are not in the sitemap, the RSS feed or the calendar', async () => {
    for (const url of ['/sitemap.xml', '/blog/rss.xml', '/events.ics']) {
      const res = await anon(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(SECRET);
    }
    expect((await anon('/blog/rss.xml')).body).toContain('Hello parents');
    expect((await anon('/events.ics')).body).toContain('Open morning');
  });

  it('are listed, with their audience, to staff who may read them', async () => {
    const posts = (await staff('/api/posts?limit=100', blogReader)).json();
    expect(posts.counts.total).toBe(4);
    expect(posts.data.find((p: { slug: string }) => p.slug === 'walnut-letter-2')).toMatchObject({
      audience: 'programme',
      audienceBranch: BRANCH,
      audienceProgramme: PROGRAMME,
    });
    expect((await staff(`/api/posts/${ids.posts[0]}`, blogReader)).json().data.audience).toBe('families');
    const events = (await staff('/api/events?limit=100', eventsReader)).json();
    expect(events.counts.total).toBe(8);
    expect((await staff(`/api/events/walnut-meeting-1`, eventsReader)).json().data).toMatchObject({
      audience: 'branch',
      audienceBranch: BRANCH,
    });
    // Staff of another module are the public here.
    expect((await staff('/api/events?limit=100', blogReader)).body).not.toMatch(SECRET);
    expect((await staff('/api/posts?limit=100', eventsReader)).body).not.toMatch(SECRET);
  });
});

describe.skipIf(!built)('the public pages', () => {
  it('show no post or event for families, nor their link preview', async () => {
    for (const url of ['/', '/blog', '/events', '/event/open-morning', '/blog/hello-parents']) {
      const res = await anon(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(SECRET);
    }
    // A tag only the families' posts have is no tag of the public blog.
    const tag = await anon('/blog?tag=walnut');
    expect(tag.statusCode).toBe(404);
    expect(tag.body).not.toMatch(SECRET);
    for (const i of [0, 1, 2]) {
      for (const url of [`/blog/walnut-letter-${i}`, `/event/walnut-meeting-${i}`, `/event/${ids.events[2 * i]}`]) {
        const res = await anon(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toMatch(SECRET);
      }
    }
  });
});
