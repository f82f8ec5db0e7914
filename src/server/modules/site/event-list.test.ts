import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEvent, PublicEventList, PublicPost } from '../../../client/lib/public-data.ts';
import { eq, inArray } from 'drizzle-orm';
import { eventsQueryOf } from '../../../shared/public-lists.ts';
import { categories, events } from '../../db/schema/index.ts';
import { pageKey } from '../../plugins/page-cache.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent, createGallery, createPost } from '../../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { getSchoolProfile } from './site.service.ts';
import { publicEventList } from './event-list.ts';

// Issue 31: /events at years of content (upcoming first, then the past paged apart, filters by
// branch and category), status following the dates, and the blog's tags as links. On both databases.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

let app: FastifyInstance;
let cookie: string;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const PAST = 30;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await buildTestApp({ pages: built, publicUrl: 'https://school.example' });
  const { admin } = await installTestSchool(app);
  cookie = await sessionCookie(app, admin);
  const workshop = await createCategory(app, 'Workshop');
  const outing = await createCategory(app, 'Outing');
  await createCategory(app, 'Unused');
  const photos = await createGallery(app, { title: 'Festival photos', published: true, images: ['https://example.com/f.jpg'] });
  const now = Date.now();
  // 30 past events, ended 1..30 days ago, left "upcoming" as an old form saved them; alternating branches and categories.
  for (let k = 1; k <= PAST; k++) {
    const event = await createEvent(app, {
      title: `Past ${String(k).padStart(2, '0')}`,
      categoryId: k % 2 ? workshop.id : outing.id,
      location: k % 3 === 0 ? 'City Branch, Hall' : 'Main Branch, Garden',
      startDate: new Date(now - k * DAY - 2 * HOUR),
      endDate: new Date(now - k * DAY),
      status: 'upcoming',
      galleryId: k === 2 ? photos.id : null,
    });
    ids[event.title] = event.id;
  }
  const future = [
    { title: 'On now', startDate: new Date(now - HOUR), endDate: new Date(now + 2 * HOUR), status: 'upcoming' as const },
    { title: 'In two days', startDate: new Date(now + 2 * DAY), endDate: null, status: 'upcoming' as const },
    // Staff marked it completed ahead of its date (called off): their choice stands.
    { title: 'Called off', startDate: new Date(now + 5 * DAY), endDate: null, status: 'completed' as const },
  ];
  for (const e of future) {
    const event = await createEvent(app, { ...e, categoryId: workshop.id, location: 'Main Branch' });
    ids[event.title] = event.id;
  }
  const at = (days: number) => new Date(now - days * DAY);
  await createPost(app, { title: 'Painting', slug: 'painting', tags: ['art', 'Outdoors'], createdAt: at(3), publishedAt: at(3) });
  await createPost(app, { title: 'Clay', slug: 'clay', tags: ['art'], createdAt: at(2), publishedAt: at(2), updatedAt: at(2) });
  await createPost(app, { title: 'Rain walk', slug: 'rain-walk', tags: ['Outdoors'], createdAt: at(1), publishedAt: at(1) });
  await createPost(app, { title: 'Hidden art', slug: 'hidden-art', tags: ['art'], status: 'draft', publishedAt: null });
});
afterAll(() => app?.close());

const eventList = async (query = '') => {
  const res = await app.inject(`/api/site/event-list${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PublicEventList;
};
const titles = (events: PublicEvent[]) => events.map((e) => e.title);

describe('GET /api/site/event-list', () => {
  it('lists what is coming first, soonest first, and the past apart, most recent first, each with its count', async () => {
    const list = await eventList();
    expect(titles(list.upcoming.items)).toEqual(['On now', 'In two days', 'Called off']);
    expect(list.upcoming.total).toBe(3);
    expect(list.past.total).toBe(PAST);
    expect(list.perPage).toBe(12);
    expect(titles(list.past.items)).toEqual(Array.from({ length: 12 }, (_, i) => `Past ${String(i + 1).padStart(2, '0')}`));
    const third = await eventList('?past=3');
    expect(titles(third.past.items)).toEqual(Array.from({ length: 6 }, (_, i) => `Past ${String(i + 25).padStart(2, '0')}`));
    // The page of the past events shows the first upcoming ones: one list is paged at a time.
    expect(titles(third.upcoming.items)).toEqual(['On now', 'In two days', 'Called off']);
  });

  it('marks the events whose published gallery has photos', async () => {
    const list = await eventList();
    expect(list.past.items.find((e) => e.title === 'Past 02')?.gallery_kind).toBe('photos');
    expect(list.past.items.find((e) => e.title === 'Past 01')?.gallery_kind).toBeNull();
  });

  it('offers the branches of the school and the categories some event has, and filters by them', async () => {
    const list = await eventList();
    expect(list.branches).toEqual([
      { slug: 'main-branch', name: 'Main Branch' },
      { slug: 'city-branch', name: 'City Branch' },
    ]);
    expect(list.categories).toEqual([
      { slug: 'outing', name: 'Outing' },
      { slug: 'workshop', name: 'Workshop' },
    ]);
    const city = await eventList('?branch=city-branch');
    expect(city.branch).toEqual({ slug: 'city-branch', name: 'City Branch' });
    expect(city.upcoming.total).toBe(0);
    expect(city.past.total).toBe(10);
    expect(city.past.items.every((e) => e.location.startsWith('City Branch'))).toBe(true);
    const outings = await eventList('?category=OUTING');
    expect(outings.past.total).toBe(15);
    expect(outings.past.items.every((e) => e.category === 'Outing')).toBe(true);
    const both = await eventList('?branch=city-branch&category=outing');
    // Past 06, 12, 18, 24, 30: at the City Branch (k % 3 = 0) and outings (even k).
    expect(titles(both.past.items)).toEqual(['Past 06', 'Past 12', 'Past 18', 'Past 24', 'Past 30']);
  });

  it("offers every branch of the school, and a branch's filter has its marked events and the whole school's", async () => {
    // A branch no event names is offered all the same: its parents pick it for the whole school's events.
    const school = await getSchoolProfile(app.db);
    const hill = { ...school, branches: [...school.branches, { ...school.branches[0]!, name: 'Hill Branch' }] };
    const offered = await publicEventList(app.db, hill, eventsQueryOf(new URLSearchParams()));
    expect(offered?.branches.map((b) => b.name)).toEqual(['Main Branch', 'City Branch', 'Hill Branch']);
    const atHill = await publicEventList(app.db, hill, eventsQueryOf(new URLSearchParams('branch=hill-branch')));
    expect(atHill?.past.total).toBe(0);

    const category = await createCategory(app, 'Branch check');
    const soon = new Date(Date.now() + 40 * DAY);
    const added = [
      await createEvent(app, {
        categoryId: category.id,
        title: 'Main only',
        location: 'The garden',
        branch: 'Main Branch',
        startDate: soon,
      }),
      await createEvent(app, {
        categoryId: category.id,
        title: 'City only',
        location: 'Main Branch hall',
        branch: 'City Branch',
        startDate: soon,
      }),
      await createEvent(app, {
        categoryId: category.id,
        title: 'Whole school',
        location: 'The park',
        branch: null,
        startDate: soon,
      }),
    ];
    try {
      const main = await eventList('?branch=main-branch&category=branch-check');
      expect(titles(main.upcoming.items).sort()).toEqual(['Main only', 'Whole school']);
      const city = await eventList('?branch=city-branch&category=branch-check');
      expect(titles(city.upcoming.items).sort()).toEqual(['City only', 'Whole school']);
      // Old events with no branch keep the one their location names: City's ten past ones, none of Main's.
      const cityPast = await eventList('?branch=city-branch');
      expect(cityPast.past.total).toBe(10);
      expect((await eventList('?branch=main-branch')).past.total).toBe(20);
    } finally {
      await app.db.delete(events).where(
        inArray(
          events.id,
          added.map((e) => e.id),
        ),
      );
      await app.db.delete(categories).where(eq(categories.id, category.id));
    }
  });

  it('answers 404 for a branch or category the school does not have', async () => {
    expect((await app.inject('/api/site/event-list?branch=moon-base')).statusCode).toBe(404);
    expect((await app.inject('/api/site/event-list?category=unused')).statusCode).toBe(404);
  });
});

describe('event status follows the dates', () => {
  const status = async (title: string) => (await app.inject(`/api/events/${ids[title]}`)).json().data.status;

  it('calls an event that has ended completed, and one on now ongoing, whatever was stored', async () => {
    expect(await status('Past 01')).toBe('completed');
    expect(await status('On now')).toBe('ongoing');
    expect(await status('In two days')).toBe('upcoming');
    expect(await status('Called off')).toBe('completed');
    expect((await app.inject(`/api/site/events/${ids['Past 01']}`)).json().data.status).toBe('completed');
  });

  it('filters and counts the staff list by the status shown', async () => {
    const res = await app.inject({ url: '/api/events?status=upcoming', headers: { cookie } });
    const page = res.json();
    expect(page.data.map((e: PublicEvent) => e.title)).toEqual(['In two days']);
    expect(page.counts).toEqual({ total: PAST + 3, upcoming: 1, ongoing: 1, completed: PAST + 1 });
    const completed = await app.inject({ url: '/api/events?status=completed&limit=100', headers: { cookie } });
    expect(completed.json().total).toBe(PAST + 1);
  });

  it("gives a new event without a status its dates' one, and keeps the one staff choose", async () => {
    const base = {
      title: 'Yesterday’s picnic',
      description: 'Sandwiches.',
      category: 'Outing',
      location: 'Main Branch',
      start_date: new Date(Date.now() - DAY - HOUR).toISOString(),
      end_date: new Date(Date.now() - DAY).toISOString(),
      cover_image: null,
      gallery_id: null,
    };
    const made: number[] = [];
    const post = async (payload: object) => {
      const res = await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload });
      if (res.statusCode === 201) made.push(res.json().data.id);
      return res;
    };
    const first = await post(base);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.status).toBe('completed');
    // Staff's "upcoming" for an event that has ended is not what parents read.
    expect((await post({ ...base, title: 'Old', status: 'upcoming' })).json().data.status).toBe('completed');
    const soon = { ...base, title: 'Open morning', start_date: new Date(Date.now() + 3 * DAY).toISOString(), end_date: null };
    expect((await post(soon)).json().data.status).toBe('upcoming');
    expect((await post({ ...soon, title: 'Open week', status: 'ongoing' })).json().data.status).toBe('ongoing');
    expect((await post({ ...soon, title: 'Bad', status: 'cancelled' })).statusCode).toBe(400);
    // The lists' tests count the events above only.
    for (const id of made) await app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: { cookie } });
  });
});

describe('GET /api/site/posts?tag=', () => {
  it("lists one tag's published posts, newest first", async () => {
    const res = await app.inject('/api/site/posts?tag=art');
    expect((res.json().data.items as PublicPost[]).map((p) => p.title)).toEqual(['Clay', 'Painting']);
    const outdoors = (await app.inject('/api/site/posts?tag=Outdoors')).json().data.items as PublicPost[];
    expect(outdoors.map((p) => p.title)).toEqual(['Rain walk', 'Painting']);
    expect((await app.inject('/api/site/posts?tag=nothing')).json().data.items).toEqual([]);
  });
});

describe('the page cache keys the lists by the parameters they read', () => {
  it('in one spelling', () => {
    expect(pageKey('/events?x=1&category=Outing&branch=city-branch&page=2')).toBe(
      '/events?branch=city-branch&category=outing&page=2',
    );
    expect(pageKey('/events?past=3&page=2')).toBe('/events?past=3');
    expect(pageKey('/events?past=1&branch=')).toBe('/events');
    expect(pageKey('/blog?page=02&tag=art&utm=x')).toBe('/blog?tag=art&page=2');
    expect(pageKey('/blog?tag=%20')).toBe('/blog');
  });
});

describe.skipIf(!built)('the public pages', () => {
  const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });
  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

  it('/events: the two lists with their counts, numbered pages and filters as links', async () => {
    const res = await page('/events');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('Coming up');
    expect(html).toContain('30 past events, newest first · page 1 of 3');
    expect(html.indexOf('On now')).toBeLessThan(html.indexOf('Past 01'));
    expect(html).toContain('href="/events?past=2#past-events"');
    expect(html).toContain('href="/events?past=3#past-events"');
    expect(html).toContain('href="/events?branch=city-branch#event-filters"');
    expect(html).toContain('href="/events?category=outing#event-filters"');
    expect(html).toContain('Past event');
    expect(html).toContain('Photos');
    // The header and the footer lead here, and to the Subscribe control.
    expect(html).toContain('href="/events"');
    expect(html).toContain('href="/events#subscribe"');
    expect(html).toContain('Subscribe to our calendar');
  });

  it('/events filtered and paged: its canonical address, and 404 past the last page or for an unknown filter', async () => {
    const res = await page('/events?category=outing&branch=city-branch&junk=1');
    expect(res.statusCode).toBe(200);
    expect(canonical(res.body)).toBe('https://school.example/events?branch=city-branch&amp;category=outing');
    expect(res.body).toContain('5 past events');
    expect(res.body).not.toContain('Past 01');
    const third = await page('/events?past=3');
    expect(third.statusCode).toBe(200);
    expect(third.body).toContain('Past 30');
    expect((await page('/events?past=4')).statusCode).toBe(404);
    expect((await page('/events?page=2')).statusCode).toBe(404);
    expect((await page('/events?branch=moon-base')).statusCode).toBe(404);
  });

  it('an event that has ended is never called upcoming; its page shows when it ends', async () => {
    const res = await page(`/event/${ids['Past 01']}`);
    expect(res.body).toContain('Completed');
    expect(res.body).not.toMatch(/>Upcoming</);
    expect(res.body).toMatch(/Ends at (<!-- -->)?\d{1,2}:\d{2}/);
  });

  it("/blog?tag=: the tag's posts, and tags as links on cards and posts", async () => {
    const res = await page('/blog?tag=art');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Posts tagged #art');
    expect(res.body).toContain('Clay');
    expect(res.body).not.toContain('Rain walk');
    expect(res.body).not.toContain('Hidden art');
    expect(canonical(res.body)).toBe('https://school.example/blog?tag=art');
    expect(res.body).toContain('href="/blog?tag=Outdoors"');
    expect((await page('/blog?tag=nothing')).statusCode).toBe(404);
    const post = await page('/blog/painting');
    expect(post.body).toContain('href="/blog?tag=art"');
  });

  it('a post shows "Updated" only when it changed on another day than it was published', async () => {
    expect((await page('/blog/clay')).body).not.toContain('Updated');
    expect((await page('/blog/painting')).body).toContain('Updated');
  });
});
