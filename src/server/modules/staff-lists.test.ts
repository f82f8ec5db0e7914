import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, enquiries, events, galleries, posts } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../test/factories.ts';
import { MAX_LIST_LIMIT } from '../../shared/schemas/list-query.ts';

// DESIGN §10: every back-office list is paged, sorted, filtered and searched in the database
// through one query schema, answers `{ data, total, limit, offset, counts }`, and never sends bodies.

let app: FastifyInstance;
let staff: string;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const POSTS = 60;
const EVENTS = 50;

type Page<T = Record<string, unknown>> = {
  data: T[];
  total: number;
  limit: number;
  offset: number;
  counts: Record<string, number>;
};

async function list<T = Record<string, unknown>>(url: string, cookie: string | null = staff): Promise<Page<T>> {
  const res = await app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Page<T>;
}
const titles = (page: Page) => page.data.map((row) => row.title);

/**
 * Every page of `url` (7 rows, at every offset from the first row to past the last, odd ones
 * too) is the matching slice of the whole list: a page past the middle is read from the list's
 * end and turned round (pageFromNearerEnd), and must still be the same slice.
 */
async function expectPagesAreSlices(url: string) {
  const join = url.includes('?') ? '&' : '?';
  const whole = await list(`${url}${join}limit=100`);
  expect(whole.total).toBeLessThan(100);
  for (let offset = 0; offset <= whole.total + 1; offset += 3) {
    const page = await list(`${url}${join}limit=7&offset=${offset}`);
    expect({ offset, titles: titles(page), total: page.total }).toEqual({
      offset,
      titles: titles(whole).slice(offset, offset + 7),
      total: whole.total,
    });
  }
}

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  staff = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  const now = Date.now();
  // Post i is i hours old: "Post 1" is the newest. Every fifth is a draft; one old post is about sports.
  await app.db.insert(posts).values(
    Array.from({ length: POSTS }, (_, k) => {
      const i = k + 1;
      const sports = i === 45;
      return {
        title: sports ? 'Sports Day recap' : `Post ${String(i).padStart(2, '0')}`,
        slug: `post-${i}`,
        excerpt: i === 30 ? 'Our walk to the riverside' : `Excerpt ${i}`,
        content: `<p>Body of post ${i}</p>`,
        status: i % 5 === 0 ? ('draft' as const) : ('published' as const),
        createdAt: new Date(now - i * HOUR),
        updatedAt: new Date(now - (POSTS - i) * HOUR),
      };
    }),
  );
  const [workshop, outing] = await app.db
    .insert(categories)
    .values([{ name: 'Workshop' }, { name: 'Outing' }, ...Array.from({ length: 10 }, (_, i) => ({ name: `Extra ${i + 1}` }))])
    .returning();
  // Half the events are over; statuses cycle; every third is at the City Branch; one is Sports Day.
  await app.db.insert(events).values(
    Array.from({ length: EVENTS }, (_, k) => ({
      title: k === 40 ? 'Annual Sports Day' : `Event ${String(k + 1).padStart(2, '0')}`,
      description: 'Families welcome.',
      location: k % 3 === 0 ? 'City Branch' : 'Main Branch',
      categoryId: k % 2 ? workshop!.id : outing!.id,
      startDate: new Date(now + (k - 25) * DAY),
      endDate: new Date(now + (k - 25) * DAY + 2 * HOUR),
      status: (['upcoming', 'ongoing', 'completed'] as const)[k % 3],
    })),
  );
  await app.db.insert(galleries).values(
    Array.from({ length: 30 }, (_, k) => ({
      title: k === 25 ? 'Diwali lights' : `Gallery ${k + 1}`,
      type: k % 4 === 0 ? ('video' as const) : ('images' as const),
      images: k % 4 === 0 ? [] : Array.from({ length: 3 }, (_, j) => `https://example.com/${k}-${j}.jpg`),
      videoUrl: k % 4 === 0 ? 'https://youtu.be/abcdefghijk' : null,
      published: k % 3 !== 0,
      createdAt: new Date(now - k * HOUR),
    })),
  );
  await app.db.insert(enquiries).values(
    Array.from({ length: 40 }, (_, k) => ({
      type: k % 2 ? ('contact' as const) : ('admission' as const),
      name: k === 33 ? 'Meera Kapoor' : `Parent ${k + 1}`,
      email: k === 33 ? 'meera@familymail.test' : `parent${k + 1}@example.com`,
      message: k % 2 ? 'When is the open day?' : null,
      status: k % 4 === 0 ? ('handled' as const) : ('new' as const),
      createdAt: new Date(now - k * HOUR),
    })),
  );
});
afterAll(() => app.close());

describe('GET /api/posts (the blog admin list)', () => {
  it('pages newest first: first, middle and last page are slices of one order', async () => {
    const whole = await list('/api/posts?limit=100');
    expect(whole.total).toBe(POSTS);
    expect(titles(whole).slice(0, 3)).toEqual(['Post 01', 'Post 02', 'Post 03']);
    for (const offset of [0, 20, 50]) {
      const page = await list(`/api/posts?limit=10&offset=${offset}`);
      expect(page).toMatchObject({ total: POSTS, limit: 10, offset });
      expect(titles(page)).toEqual(titles(whole).slice(offset, offset + 10));
    }
    expect((await list('/api/posts?limit=10&offset=55')).data).toHaveLength(5);
    expect((await list('/api/posts?limit=10&offset=60')).data).toEqual([]);
  });

  it('pages every order, filter and search as slices of one list, to the last page', async () => {
    for (const url of [
      '/api/posts',
      '/api/posts?sort=oldest',
      '/api/posts?sort=title',
      '/api/posts?sort=updated',
      '/api/posts?status=draft',
      '/api/posts?q=post',
    ])
      await expectPagesAreSlices(url);
  });

  it('answers summaries: never the body HTML', async () => {
    const res = await app.inject({ url: '/api/posts?limit=100', headers: { cookie: staff } });
    expect(res.body).not.toContain('Body of post');
    const row = res.json().data[0];
    expect(row).not.toHaveProperty('content');
    expect(row).toMatchObject({ id: expect.any(Number), slug: 'post-1', status: 'published', excerpt: 'Excerpt 1' });
  });

  it('counts total, published and draft in the same answer, whatever the filters', async () => {
    const counts = { total: POSTS, published: 48, draft: 12 };
    expect((await list('/api/posts?limit=1')).counts).toEqual(counts);
    const drafts = await list('/api/posts?status=draft&q=post');
    expect(drafts.counts).toEqual(counts);
    expect(drafts.total).toBe(11); // the 12 drafts but "Sports Day recap" (post 45)
    expect(drafts.data.every((p) => p.status === 'draft')).toBe(true);
  });

  it('finds an old post by the start of a word, whatever the case', async () => {
    const found = await list('/api/posts?q=SPOR');
    expect(titles(found)).toEqual(['Sports Day recap']);
    expect(found.total).toBe(1);
    expect(titles(await list('/api/posts?q=riversi'))).toEqual(['Post 30']); // the excerpt is searched too
    expect(titles(await list('/api/posts?q=day%20recap'))).toEqual(['Sports Day recap']); // every word must match
    expect((await list('/api/posts?q=sports%20picnic')).total).toBe(0);
  });

  it('answers an empty page for a filter that matches nothing', async () => {
    expect(await list('/api/posts?status=published&q=riverside')).toMatchObject({ data: [], total: 0 });
  });

  it('sorts by title, oldest first and last changed first', async () => {
    expect(titles(await list('/api/posts?sort=title&limit=2'))).toEqual(['Post 01', 'Post 02']);
    expect(titles(await list('/api/posts?sort=title&limit=1&offset=59'))).toEqual(['Sports Day recap']);
    expect(titles(await list('/api/posts?sort=oldest&limit=2'))).toEqual(['Post 60', 'Post 59']);
    expect(titles(await list('/api/posts?sort=updated&limit=1'))).toEqual(['Post 60']);
  });

  it('shows anonymous callers published posts only, and counts no drafts for them', async () => {
    const page = await list('/api/posts?limit=100', null);
    expect(page.total).toBe(48);
    expect(page.counts).toEqual({ total: 48, published: 48, draft: 0 });
    expect((await list('/api/posts?status=draft', null)).data).toEqual([]);
  });

  it(`caps the page at ${MAX_LIST_LIMIT} rows`, async () => {
    const page = await list('/api/posts?limit=5000');
    expect(page.limit).toBe(MAX_LIST_LIMIT);
    expect(page.data.length).toBeLessThanOrEqual(MAX_LIST_LIMIT);
    expect((await list('/api/posts')).limit).toBe(20);
  });

  it('refuses bad query parameters with 400 and a message naming them, never 500', async () => {
    const cases: [string, RegExp][] = [
      ['limit=abc', /limit/],
      ['limit=0', /limit/],
      ['limit=2.5', /limit/],
      ['limit=1&limit=2', /limit/],
      ['offset=-1', /offset/],
      ['offset=99999999', /offset/],
      ['sort=sideways', /sort must be one of: newest, oldest, title, updated/],
      ['status=archived', /status must be one of: draft, published/],
      [`q=${'a'.repeat(101)}`, /at most 100 characters/],
      ['q=a&q=b', /q/],
    ];
    for (const [query, message] of cases) {
      const res = await app.inject({ url: `/api/posts?${query}`, headers: { cookie: staff } });
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toMatch(message);
    }
  });

  it('treats search text without a word, or with query syntax, as text', async () => {
    expect((await list("/api/posts?q=%26%7C!()%3A*'")).total).toBe(POSTS);
    expect((await list('/api/posts?q=sports%3A*%20%7C%20post')).total).toBe(0);
  });
});

describe('GET /api/events (the staff events list)', () => {
  it('searches title, category and location, case-insensitively, from the start of a word', async () => {
    expect(titles(await list('/api/events?q=spor'))).toEqual(['Annual Sports Day']);
    const city = await list('/api/events?q=CITY&limit=100');
    expect(city.total).toBe(17);
    expect(city.data.every((e) => e.location === 'City Branch')).toBe(true);
    const workshops = await list('/api/events?q=works&limit=100');
    expect(workshops.total).toBe(25);
    expect(workshops.data.every((e) => e.category === 'Workshop')).toBe(true);
    expect(await list('/api/events?q=zebra')).toMatchObject({ data: [], total: 0 });
  });

  it('filters by status, with the four counters from the whole list', async () => {
    // Status follows the dates (issue 31): the 25 events over are completed whatever was stored,
    // the one on now is ongoing, and of the 24 to come staff marked 8 ongoing and 8 completed.
    const completed = await list('/api/events?status=completed&limit=100');
    expect(completed.total).toBe(33);
    expect(completed.data.every((e) => e.status === 'completed')).toBe(true);
    expect(completed.counts).toEqual({ total: EVENTS, upcoming: 8, ongoing: 9, completed: 33 });
    expect(await list('/api/events?status=completed&q=spor')).toMatchObject({ data: [], total: 0 });
  });

  it('pages a search in the schedule order across the upcoming and past events', async () => {
    const whole = titles(await list('/api/events?q=main&limit=100'));
    expect(whole).toHaveLength(33);
    const now = Date.now();
    const starts = (await list<{ start_date: string }>('/api/events?q=main&limit=100')).data.map((e) => Date.parse(e.start_date));
    const firstPast = starts.findIndex((s) => s + 2 * HOUR < now);
    expect(starts.slice(0, firstPast)).toEqual([...starts.slice(0, firstPast)].sort((a, b) => a - b));
    expect(starts.slice(firstPast)).toEqual([...starts.slice(firstPast)].sort((a, b) => b - a));
    for (const offset of [0, 7, 14, 28]) {
      expect(titles(await list(`/api/events?q=main&limit=7&offset=${offset}`))).toEqual(whole.slice(offset, offset + 7));
    }
  });

  it('pages the schedule and every order, filter and search as slices of one list, to the last page', async () => {
    for (const url of [
      '/api/events',
      '/api/events?status=completed',
      '/api/events?q=main',
      '/api/events?sort=start-desc',
      '/api/events?sort=title&q=branch',
    ])
      await expectPagesAreSlices(url);
  });

  it('sorts by start date and by title', async () => {
    expect(titles(await list('/api/events?sort=start-asc&limit=1'))).toEqual(['Event 01']);
    expect(titles(await list('/api/events?sort=start-desc&limit=1'))).toEqual(['Event 50']);
    expect(titles(await list('/api/events?sort=title&limit=1'))).toEqual(['Annual Sports Day']);
    expect((await app.inject({ url: '/api/events?sort=soonest' })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/galleries (the gallery dashboard)', () => {
  it('answers summaries with their image URLs and an image count (issue 31)', async () => {
    const page = await list<{ images?: unknown; image_count: number; type: string }>('/api/admin/galleries?limit=100');
    expect(page.total).toBe(30);
    expect(page.data.every((g) => Array.isArray(g.images))).toBe(true);
    expect(page.data.find((g) => g.type === 'images')?.image_count).toBe(3);
  });

  it("counts §2's five counters, and filters by state, type and search", async () => {
    const page = await list('/api/admin/galleries?limit=5');
    expect(page.counts).toEqual({ total: 30, images: 66, videos: 8, published: 20, drafts: 10 });
    expect((await list('/api/admin/galleries?status=draft')).total).toBe(10);
    expect((await list('/api/admin/galleries?type=video&status=published')).total).toBe(5);
    expect(titles(await list('/api/admin/galleries?q=diwa'))).toEqual(['Diwali lights']);
    expect(titles(await list('/api/admin/galleries?sort=oldest&limit=1'))).toEqual(['Gallery 30']);
    const anonymous = await list('/api/admin/galleries?limit=100', null);
    expect(anonymous.total).toBe(20);
    expect(anonymous.counts.drafts).toBe(0);
  });
});

describe('GET /api/enquiries (the inbox)', () => {
  it('pages, filters, sorts and searches names, e-mail addresses and messages', async () => {
    const first = await list('/api/enquiries?limit=10');
    expect(first).toMatchObject({ total: 40, limit: 10, offset: 0 });
    expect(first.counts).toEqual({ all: 40, admission: 20, contact: 20, new: 30 });
    expect((await list('/api/enquiries?limit=10&offset=30')).data).toHaveLength(10);
    expect((await list('/api/enquiries?type=admission&status=handled')).total).toBe(10);
    expect(await list('/api/enquiries?type=contact&status=handled')).toMatchObject({ data: [], total: 0 });
    expect((await list<{ name: string }>('/api/enquiries?q=familymail')).data.map((e) => e.name)).toEqual(['Meera Kapoor']);
    expect((await list<{ name: string }>('/api/enquiries?q=meera%20kap')).data.map((e) => e.name)).toEqual(['Meera Kapoor']);
    expect((await list('/api/enquiries?q=open%20day')).total).toBe(20);
    expect((await list<{ name: string }>('/api/enquiries?sort=oldest&limit=1')).data[0]?.name).toBe('Parent 40');
    expect((await app.inject({ url: '/api/enquiries?type=phone', headers: { cookie: staff } })).statusCode).toBe(400);
  });
});

describe('GET /api/categories', () => {
  it('pages by name with how many events use each, and searches', async () => {
    const first = await list<{ name: string; event_count: number }>('/api/categories?limit=5');
    expect(first.total).toBe(12);
    expect(first.data.map((c) => c.name)).toEqual(['Extra 1', 'Extra 10', 'Extra 2', 'Extra 3', 'Extra 4']);
    const last = await list<{ name: string }>('/api/categories?limit=5&offset=10');
    expect(last.data.map((c) => c.name)).toEqual(['Outing', 'Workshop']);
    const found = await list<{ name: string; event_count: number }>('/api/categories?q=work');
    expect(found.data).toEqual([{ id: expect.any(Number), name: 'Workshop', event_count: 25 }]);
    expect((await list<{ name: string }>('/api/categories?sort=name-desc&limit=1')).data[0]?.name).toBe('Workshop');
  });
});

describe('search text with joining marks', () => {
  it('finds a title as typed, and by any of its words: hyphens, dots, slashes and @ join words, not make new ones', async () => {
    const [category] = await app.db.insert(categories).values({ name: 'Pre-K' }).returning();
    const [post] = await app.db
      .insert(posts)
      .values({
        title: 'Pre-K open day 2091-97',
        slug: 'pre-k-open-day',
        excerpt: 'Notes in report_v2.5.pdf',
        content: '<p>x</p>',
      })
      .returning();
    const [event] = await app.db
      .insert(events)
      .values({
        title: 'Sing-along 12/05/2026',
        description: 'Songs.',
        location: 'Room 4.2, www.example.org',
        categoryId: category!.id,
        startDate: new Date(Date.now() + DAY),
        status: 'upcoming',
      })
      .returning();
    const [enquiry] = await app.db
      .insert(enquiries)
      .values({
        type: 'contact',
        name: 'Ana-Maria Ionescu',
        email: 'ana.ionescu@school-mail.test',
        phone: '+40 21-555-0101',
        message: 'Hi',
      })
      .returning();
    try {
      for (const q of ['Pre-K open day 2091-97', '2091-97', '97', 'pre k', 'report_v2.5', 'v2 5 pdf']) {
        expect(titles(await list(`/api/posts?q=${encodeURIComponent(q)}`)), q).toEqual(['Pre-K open day 2091-97']);
      }
      for (const q of ['12/05/2026', '2026', 'sing-along', 'room 4.2', 'example.org', 'pre-k']) {
        expect(titles(await list(`/api/events?q=${encodeURIComponent(q)}`)), q).toEqual(['Sing-along 12/05/2026']);
      }
      for (const q of ['ana.ionescu@school-mail.test', 'school-mail', 'mail.test', '21-555', 'ana-maria']) {
        const found = await list<{ name: string }>(`/api/enquiries?q=${encodeURIComponent(q)}`);
        expect(
          found.data.map((e) => e.name),
          q,
        ).toEqual(['Ana-Maria Ionescu']);
      }
      expect((await list<{ name: string }>('/api/categories?q=pre-k')).data.map((c) => c.name)).toEqual(['Pre-K']);
    } finally {
      await app.db.delete(enquiries).where(eq(enquiries.id, enquiry!.id));
      await app.db.delete(events).where(eq(events.id, event!.id));
      await app.db.delete(posts).where(eq(posts.id, post!.id));
      await app.db.delete(categories).where(eq(categories.id, category!.id));
    }
  });
});
