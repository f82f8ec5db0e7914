import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool } from './support/install.ts';
import { gotoReady, login, waitReady } from './support/public-content.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { staffCall } from './support/staff-api.ts';

// Issue 34: a school enters its year (a term, a closure day) and a weekly term-time event for one
// branch; a parent sees the term dates and the month on /events (nothing on the closure day) and
// subscribes to that branch's calendar, which skips the closure. 375 and 1280 px, axe.
describe.skipIf(chromiumMissingReason())('the school calendar on /events', () => {
  let server: RunningServer;
  let browser: Browser;
  const DAY = 86_400_000;
  // The test school's clock (Asia/Kolkata, UTC+5:30, no daylight saving).
  const OFFSET = 5.5 * 3600_000;
  const localDay = (ms: number) => new Date(ms + OFFSET).toISOString().slice(0, 10);
  const MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const monthName = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

  const today = localDay(Date.now());
  const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
  const inDays = (n: number) => addDays(today, n);
  // The first Tuesday after today, and the closure two weeks later.
  const firstTuesday = (() => {
    for (let n = 1; n <= 7; n++) if (new Date(`${inDays(n)}T00:00:00Z`).getUTCDay() === 2) return inDays(n);
    throw new Error('no Tuesday');
  })();
  const closureDay = addDays(firstTuesday, 14);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    const cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
    const call = (path: string, body: unknown) => staffCall(server.url, cookie, 'POST', path, body);
    await call('/api/categories', { name: 'Outdoors' });
    await call('/api/school-year', {
      kind: 'term',
      name: 'Spring term',
      starts_on: inDays(-7),
      ends_on: inDays(90),
      branch: null,
    });
    await call('/api/school-year', {
      kind: 'closure',
      name: 'Staff training day',
      starts_on: closureDay,
      ends_on: closureDay,
      branch: null,
    });
    const weekly = (title: string, branch: string, day: string, weekday: string) => {
      const start = Date.parse(`${day}T10:00:00+05:30`);
      return call('/api/events', {
        title,
        description: `${title} every week in term time.`,
        category: 'Outdoors',
        location: `${branch}, garden`,
        start_date: new Date(start).toISOString(),
        end_date: new Date(start + 90 * 60_000).toISOString(),
        cover_image: '',
        gallery_id: null,
        branch,
        repeat: { freq: 'weekly', interval: 1, weekdays: [weekday], until: inDays(60), termTime: true },
      });
    };
    await weekly('Forest School', 'City Branch', firstTuesday, 'TU');
    await weekly('Swimming', 'Main Branch', addDays(firstTuesday, 2), 'TH');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The closure's month on /events: from the list, by the List | Month switch and the next month's link. */
  async function openClosureMonth(page: Page) {
    await page.getByRole('navigation', { name: 'Events view' }).getByRole('link', { name: 'Month' }).click();
    await page.waitForURL(/view=month/);
    await waitReady(page);
    if (closureDay.slice(0, 7) !== today.slice(0, 7)) {
      await page.getByRole('link', { name: `Next month: ${monthName(closureDay)}` }).click();
      await page.waitForURL(new RegExp(`month=${closureDay.slice(0, 7)}`));
    }
    await expect.poll(() => page.getByRole('heading', { name: monthName(closureDay) }).isVisible()).toBe(true);
  }

  it('fits the month navigation on a phone, long month names too (375 and 320 px)', async () => {
    const { page, close } = await openPage(browser, server.url, PHONE);
    const year = today.slice(0, 4);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      for (const month of [`${year}-10`, `${year}-11`, `${year}-12`]) {
        await gotoReady(page, `/events?view=month&month=${month}`);
        const next = page.getByRole('link', { name: `Next month: ${monthName(addDays(`${month}-28`, 7))}` });
        expect(await next.isVisible()).toBe(true);
        const box = (await next.boundingBox())!;
        expect(box.x + box.width, `${month} at ${width} px`).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${month} at ${width} px`).toBeLessThanOrEqual(
          width,
        );
      }
    }
    await expectNoAxeViolations(page);
    await close();
  }, 120_000);

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the term dates, the month without the closure's occurrence, and subscribes to a branch (${label})`, async () => {
      const { page, close } = await openPage(browser, server.url, viewport);
      await gotoReady(page, '/events');
      const terms = page.getByRole('region', { name: 'Term dates' });
      await expect.poll(() => terms.isVisible()).toBe(true);
      expect(await terms.textContent()).toContain('Spring term');
      expect(await terms.textContent()).toContain('Staff training day');
      // In the site's date style ("Tue, Mar 3"), right after what is coming and before the past events.
      expect(await terms.textContent()).toMatch(
        /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}/,
      );
      const order = await page.evaluate(() => {
        const at = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? null;
        return { upcoming: at('#upcoming-events'), terms: at('#term-dates'), past: at('#past-events') };
      });
      expect(order.terms!).toBeGreaterThan(order.upcoming!);
      if (order.past !== null) expect(order.terms!).toBeLessThan(order.past);
      // Every branch of the school is a filter, whichever its events.
      const branchFilter = page.getByRole('region', { name: 'Filter events' });
      expect(await branchFilter.getByRole('link', { name: 'Main Branch' }).count()).toBe(1);
      expect(await branchFilter.getByRole('link', { name: 'City Branch' }).count()).toBe(1);
      await expectNoAxeViolations(page);

      await openClosureMonth(page);
      const closed = `Closed: Staff training day`;
      if (viewport === DESKTOP) {
        const table = page.getByRole('table', { name: monthName(closureDay) });
        await expect.poll(() => table.isVisible()).toBe(true);
        const closureCell = table.getByRole('cell').filter({ hasText: closed });
        expect(await closureCell.count()).toBe(1);
        expect(await closureCell.getByRole('link').count()).toBe(0);
        expect(await table.getByRole('link', { name: /Forest School/ }).count()).toBeGreaterThan(0);
        expect(await table.getByRole('columnheader').count()).toBe(7);
        if (today.slice(0, 7) === closureDay.slice(0, 7)) expect(await table.locator('td[aria-current="date"]').count()).toBe(1);
      } else {
        const days = page.getByRole('list', { name: `Days in ${monthName(closureDay)}` });
        await expect.poll(() => days.isVisible()).toBe(true);
        const closureItem = days.getByRole('listitem').filter({ hasText: closed });
        expect(await closureItem.count()).toBe(1);
        expect(await closureItem.getByRole('link').count()).toBe(0);
        expect(await days.getByRole('link', { name: /Forest School/ }).count()).toBeGreaterThan(0);
      }
      await expectNoAxeViolations(page);

      // Subscribe to the City Branch's calendar.
      await page.getByText('Subscribe to the calendar').click();
      await page.getByLabel('Calendar for').selectOption({ label: 'City Branch (and the whole school’s)' });
      const apple = page.getByRole('link', { name: 'Apple Calendar (and others)' });
      const webcal = await apple.getAttribute('href');
      const host = new URL(server.url).host;
      expect(webcal).toBe(`webcal://${host}/events.ics?branch=city-branch`);
      expect(await page.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')).toBe(
        `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal!)}`,
      );
      const outlook = new URL((await page.getByRole('link', { name: 'Outlook' }).getAttribute('href'))!);
      expect(outlook.origin + outlook.pathname).toBe('https://outlook.live.com/calendar/0/addfromweb');
      expect(outlook.searchParams.get('url')).toBe(`${server.url}/events.ics?branch=city-branch`);
      expect(await page.getByLabel('Calendar address').inputValue()).toBe(`${server.url}/events.ics?branch=city-branch`);
      await expectNoAxeViolations(page);

      // What the calendar app reads (the test server speaks http): the rule once, without the closure's Tuesday.
      const feed = await fetch(webcal!.replace(/^webcal:/, new URL(server.url).protocol));
      expect(feed.status).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
      for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
      const vevents = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(vevents.map((e) => e.summary)).not.toContain('Swimming');
      const forest = vevents.filter((e) => e.summary === 'Forest School');
      expect(forest).toHaveLength(1);
      expect(forest[0]!.isRecurring()).toBe(true);
      const starts: string[] = [];
      const iterator = forest[0]!.iterator();
      for (let next = iterator.next(); next && starts.length < 100; next = iterator.next())
        starts.push(localDay(next.toJSDate().getTime()));
      expect(starts[0]).toBe(firstTuesday);
      expect(starts).not.toContain(closureDay);
      expect(starts).toContain(addDays(closureDay, 7));
      const closure = vevents.find((e) => e.summary === 'Closed: Staff training day')!;
      expect(closure.startDate.toString()).toBe(closureDay);
      await close();
    }, 120_000);
  }
});
