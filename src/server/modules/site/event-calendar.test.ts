import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEventList } from '../../../client/lib/public-data.ts';
import { toDatetimeLocal } from '../../../shared/dates.ts';
import { eventSeries, schoolDates } from '../../db/schema/index.ts';
import { syncSeries } from '../events/series.service.ts';
import { pageKey } from '../../plugins/page-cache.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent } from '../../test/content-factories.ts';
import { installTestSchool } from '../../test/factories.ts';

// Issue 34: /events' month view (?view=month&month=YYYY-MM) and its Term dates section, by branch.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

let app: FastifyInstance;
let categoryId: number;
const DAY = 86_400_000;
const TIME_ZONE = 'Asia/Kolkata'; // the test school's
const today = toDatetimeLocal(new Date(), TIME_ZONE).slice(0, 10);
const month = today.slice(0, 7);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const nextMonth = addDays(`${month}-28`, 7).slice(0, 7);

beforeAll(async () => {
  app = await buildTestApp({ pages: built, publicUrl: 'https://school.example' });
  await installTestSchool(app);
  const category = await createCategory(app, 'Outdoors');
  categoryId = category.id;
  // Noon on the school's clock: in this month whatever today is.
  const at = (day: string) => new Date(`${day}T12:00:00+05:30`);
  await createEvent(app, { categoryId: category.id, title: 'Today at the City', startDate: at(today), branch: 'City Branch' });
  await createEvent(app, {
    categoryId: category.id,
    title: 'Next month at Main',
    startDate: at(`${nextMonth}-03`),
    branch: 'Main Branch',
  });
  await createEvent(app, {
    categoryId: category.id,
    title: 'Next month for all',
    startDate: at(`${nextMonth}-04`),
    location: 'The park',
  });
  await app.db.insert(schoolDates).values([
    { kind: 'term', name: 'This term', startsOn: addDays(today, -30), endsOn: addDays(today, 60) },
    { kind: 'closure', name: 'City repairs', startsOn: `${nextMonth}-05`, endsOn: `${nextMonth}-05`, branch: 'City Branch' },
    { kind: 'term', name: 'Long ago', startsOn: '2001-01-01', endsOn: '2001-03-01' },
  ]);
});
afterAll(() => app.close());

const list = async (query: string) => {
  const res = await app.inject({ url: `/api/site/event-list?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as PublicEventList;
};

describe('GET /api/site/event-list?view=month', () => {
  it("gives this month's events and today without a month, and another month's when asked", async () => {
    const now = await list('view=month');
    expect(now.today).toBe(today);
    expect(now.month?.month).toBe(month);
    expect(now.month?.events.map((e) => e.title)).toEqual(['Today at the City']);
    expect(now.upcoming.items).toEqual([]);
    const next = await list(`view=month&month=${nextMonth}`);
    expect(next.month?.events.map((e) => e.title)).toEqual(['Next month at Main', 'Next month for all']);
    expect(next.month?.dates.map((d) => d.name)).toEqual(['This term', 'City repairs']);
  });

  it("narrows the month and the term dates to one branch's and the whole school's", async () => {
    const main = await list(`view=month&month=${nextMonth}&branch=main-branch`);
    // The whole school's event (no branch) is the Main Branch's too, as in the branch's calendar feed.
    expect(main.month?.events.map((e) => e.title)).toEqual(['Next month at Main', 'Next month for all']);
    const city = await list(`view=month&month=${nextMonth}&branch=city-branch`);
    expect(city.month?.events.map((e) => e.title)).toEqual(['Next month for all']);
    expect(main.termDates.map((d) => d.name)).toEqual(['This term']);
    const all = await list('');
    expect(all.month).toBeNull();
    // Not yet over, of every branch; the long-past term is not this year's.
    expect(all.termDates.map((d) => d.name)).toEqual(['This term', 'City repairs']);
  });

  it("names a repeating event's rule on its occurrences' cards", async () => {
    const [series] = await app.db
      .insert(eventSeries)
      .values({
        rrule: 'FREQ=WEEKLY;COUNT=3',
        startsLocal: `${addDays(today, 2)}T09:30`,
        timeZone: TIME_ZONE,
        title: 'Forest School',
        description: 'Outdoors.',
        location: 'The woods',
        categoryId,
      })
      .returning();
    await syncSeries(app.db, series!.id);
    app.pageCache.clear();
    const cards = (await list('')).upcoming.items.filter((e) => e.title === 'Forest School');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.series?.words).toMatch(/^Every week on \w+day, 3 times$|^Every \w+day, 3 times$/);
    await app.db.delete(eventSeries);
    app.pageCache.clear();
  });

  it('keys the page cache by the view and the month, and ignores a month that is not one', () => {
    expect(pageKey(`/events?month=${nextMonth}&view=month&x=1`)).toBe(`/events?view=month&month=${nextMonth}`);
    expect(pageKey('/events?view=month&month=2026-13')).toBe('/events?view=month');
    expect(pageKey('/events?month=2026-12')).toBe('/events');
    expect(pageKey('/events?view=month&page=3')).toBe('/events?view=month');
  });
});

describe.skipIf(!built)('/events?view=month', () => {
  it('is a table of the month with its caption, weekdays, events as links and today marked', async () => {
    const res = await app.inject({ url: '/events?view=month' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<table[^>]*>\s*<caption[^>]*>[A-Z][a-z]+ \d{4}<\/caption>/);
    expect(html.match(/<th scope="col"/g)).toHaveLength(7);
    expect(html).toMatch(/<td aria-current="date"[^>]*>[\s\S]*?Today at the City/);
    expect(html).toContain('aria-current="page"');
    expect(html).toContain(`href="/events?view=month&amp;month=${nextMonth}"`);
    expect(html).toContain('Term dates');
    expect(html).toContain('webcal://school.example/events.ics');
    expect(html).toContain(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent('webcal://school.example/events.ics')}`,
    );
  });

  it("keeps one branch's calendar feed apart from the school's, whatever the branch's spelling", async () => {
    app.pageCache.clear();
    const school = await app.inject({ url: '/events.ics' });
    const city = await app.inject({ url: '/events.ics?branch=city-branch' });
    expect(city.body).toContain('Today at the City');
    expect(school.headers.etag).not.toBe(city.headers.etag);
    expect((await app.inject({ url: '/events.ics?branch=City%20Branch' })).headers.etag).toBe(city.headers.etag);
    const again = await app.inject({
      url: '/events.ics?branch=city-branch',
      headers: { 'if-none-match': city.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ url: '/events.ics?branch=main-branch' })).body).not.toContain('Today at the City');
  });

  it('shows no Term dates section when the school has entered none', async () => {
    await app.db.delete(schoolDates);
    app.pageCache.clear(); // the remembered reads with it
    const res = await app.inject({ url: '/events' });
    expect(res.body).not.toContain('Term dates');
  });
});
