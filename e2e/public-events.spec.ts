import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { gotoReady, login, waitReady } from './support/public-content.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Issue 31: parents find the events (header, footer, calendar feed), read years of them (what is
// coming, then the past paged apart, filtered by branch and category), never see an ended event
// called Upcoming, and get back to the list; the blog's tags filter the blog. 375 and 1280 px, axe.
describe.skipIf(chromiumMissingReason())('the events and the blog filters', () => {
  let server: RunningServer;
  let browser: Browser;
  const HOUR = 3600_000;
  const DAY = 24 * HOUR;
  const PAST = 26; // with the content's Diwali Celebration: 27 past events, three pages of 12

  let cookie: string;
  let galleryId: number;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
    const call = async (path: string, body: unknown) => {
      const response = await fetch(server.url + path, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, `${path}: ${text}`).toBe(201);
      return JSON.parse(text).data;
    };
    for (const name of ['Workshop', 'Celebration', 'Conference']) await call('/api/categories', { name });
    const image = (n: number) => `${server.url}/illustrations/event-placeholder.svg?photo=${n}`;
    galleryId = (
      await call('/api/admin/galleries', {
        title: 'Walk Photos',
        description: 'Leaves and puddles.',
        type: 'images',
        images: [1, 2].map(image),
        published: true,
      })
    ).id;
    const event = (title: string, category: string, location: string, start: number, end: number | null, extra = {}) =>
      call('/api/events', {
        title,
        description: `${title}: a joyful morning for children and families.`,
        category,
        location,
        start_date: new Date(Date.now() + start).toISOString(),
        end_date: end === null ? null : new Date(Date.now() + end).toISOString(),
        cover_image: '',
        gallery_id: null,
        ...extra,
      });
    await event('Annual Sports Day', 'Celebration', 'Main Branch, Field', 5 * DAY, 5 * DAY + 4 * HOUR);
    await event('Parent Workshop: Reading at Home', 'Workshop', 'Main Branch, Library', 12 * DAY, null);
    await event('Science Fair for Little Explorers', 'Conference', 'Main Branch, Hall', 20 * DAY, 21 * DAY);
    // Saved as "upcoming" by hand: the dates say it is over.
    await event('Diwali Celebration', 'Celebration', 'Main Branch, Hall', -10 * DAY, -10 * DAY + 3 * HOUR, {
      status: 'upcoming',
    });
    for (let k = 1; k <= PAST; k++) {
      await event(
        `Nature walk ${k}`,
        k % 2 ? 'Workshop' : 'Celebration',
        k % 2 ? 'City Branch, Garden' : 'Main Branch, Hall',
        -(k + 20) * DAY,
        -(k + 20) * DAY + HOUR,
        { gallery_id: k === 1 ? galleryId : null },
      );
    }
    for (const post of [
      { title: 'Five Ways to Build a Love of Reading', slug: 'five-ways-reading', tags: ['reading', 'parenting'] },
      { title: 'What Happens in a Montessori Morning', slug: 'montessori-morning', tags: ['montessori'] },
    ])
      await call('/api/posts', { ...post, excerpt: 'Simple habits.', content: '<p>Read together.</p>', status: 'published' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The element's top is within the first screen. */
  const inView = (page: Page, selector: string) =>
    page.locator(selector).evaluate((el) => {
      const { top } = el.getBoundingClientRect();
      return top >= 0 && top < window.innerHeight / 2;
    });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`lists the events to come, then the past ones paged and filtered, at ${viewport.width} px`, async () => {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      expect((await gotoReady(page, '/events'))?.status()).toBe(200);
      expect(await page.getByRole('heading', { name: 'Coming up' }).isVisible()).toBe(true);
      expect(await page.getByText('3 events coming up').isVisible()).toBe(true);
      expect(await page.getByText('27 past events, newest first · page 1 of 3').isVisible()).toBe(true);
      // What is coming comes first; past cards say so, and the one with photos too.
      const headings = await page.locator('main article h3').allTextContents();
      expect(headings.slice(0, 3)).toEqual([
        'Annual Sports Day',
        'Parent Workshop: Reading at Home',
        'Science Fair for Little Explorers',
      ]);
      expect(headings[3]).toBe('Diwali Celebration');
      expect(
        await page.locator('main article').filter({ hasText: 'Diwali Celebration' }).getByText('Past event').isVisible(),
      ).toBe(true);
      expect(await page.locator('main article').filter({ hasText: 'Nature walk 1' }).getByText('Photos').isVisible()).toBe(true);
      await expectNoAxeViolations(page);

      // A numbered page: the view moves to the past list's top, and the keyboard with it.
      const pager = page.getByRole('navigation', { name: 'Past events pages' });
      await pager.getByRole('link', { name: 'Page 3' }).click();
      await page.waitForURL(/\/events\?past=3#past-events$/);
      await expect.poll(() => page.getByText('page 3 of 3').isVisible()).toBe(true);
      expect(await inView(page, '#past-events')).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('past-events');
      expect(await pager.getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('heading', { name: 'Nature walk 26' }).isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      // The same address loaded afresh (a shared link) opens at that list too.
      await page.goto('/events?past=2#past-events');
      await expect.poll(() => inView(page, '#past-events'), { timeout: 5000 }).toBe(true);

      // Filters are links: the City Branch's workshops only.
      const filters = page.getByRole('region', { name: 'Filter events' });
      await filters.getByRole('link', { name: 'City Branch' }).click();
      await page.waitForURL(/\/events\?branch=city-branch#event-filters$/);
      await filters.getByRole('link', { name: 'Workshop' }).click();
      await page.waitForURL(/\/events\?branch=city-branch&category=workshop#event-filters$/);
      await expect.poll(() => page.getByText('13 past events, newest first · page 1 of 2').isVisible()).toBe(true);
      expect(await page.getByText('Nothing planned here yet.').isVisible()).toBe(true);
      const locations = await page.locator('main article dd').filter({ hasText: 'Branch' }).allTextContents();
      expect(locations.length).toBe(12);
      expect(locations.every((l) => l.startsWith('City Branch'))).toBe(true);
      expect(await filters.getByRole('link', { name: 'City Branch' }).getAttribute('aria-current')).toBe('true');
      await expectNoAxeViolations(page);

      // The same address loaded afresh (no script needed) shows the same list.
      await gotoReady(page, '/events?branch=city-branch&category=workshop&past=2');
      expect(await page.getByText('page 2 of 2').isVisible()).toBe(true);
      await t.close();
    });

    it(`an ended event reads Completed with its end time, and Back leads to the events at ${viewport.width} px`, async () => {
      // Opened from a shared link: no earlier page of the site in this tab.
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await gotoReady(page, '/event/diwali-celebration');
      expect(await page.getByText('Completed', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Upcoming', { exact: true }).count()).toBe(0);
      expect(await page.getByText(/Ends at \d{1,2}:\d{2}/).isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL(`${server.url}/events`);
      await waitReady(page);

      // From the list, Back returns to the list's page it came from.
      await gotoReady(page, '/events?past=2');
      await page
        .locator('main article')
        .filter({ hasText: 'Nature walk 12' })
        .getByRole('link', { name: /Read More/ })
        .click();
      await page.waitForURL(/\/event\//);
      await expect.poll(() => page.getByRole('heading', { name: 'Nature walk 12', level: 1 }).isVisible()).toBe(true);
      expect(await page.getByText('Completed', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL(`${server.url}/events?past=2`);
      await t.close();
    });

    it(`the header and the footer lead to the events and the calendar at ${viewport.width} px`, async () => {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await gotoReady(page, '/');
      expect(await page.locator('footer').getByRole('link', { name: 'Subscribe to our calendar' }).getAttribute('href')).toBe(
        '/events#subscribe',
      );
      expect(await page.locator('footer').getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/events');
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Main menu' });
        const links = menu.getByRole('link');
        const boxes = [];
        for (const link of await links.all()) boxes.push((await link.boundingBox())!);
        // Each link at least 44 px tall, and none over the next one.
        for (const [i, box] of boxes.entries()) {
          expect(box.height).toBeGreaterThanOrEqual(44);
          if (i > 0) expect(box.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
        }
        const names = await links.allTextContents();
        expect(names.indexOf('Events')).toBe(names.indexOf('Blog') + 1);
        await expectNoAxeViolations(page);
        await menu.getByRole('link', { name: 'Events' }).click();
      } else {
        const nav = page.getByRole('navigation', { name: 'Main', exact: true });
        const names = await nav.getByRole('link').allTextContents();
        expect(names.indexOf('Events')).toBe(names.indexOf('Blog') + 1);
        await nav.getByRole('link', { name: 'Events' }).click();
      }
      await page.waitForURL(`${server.url}/events`);
      await expect.poll(() => page.getByRole('heading', { name: 'All Events' }).isVisible()).toBe(true);
      await t.close();
    });

    it(`a tag on a blog card lists that tag's posts at ${viewport.width} px`, async () => {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await gotoReady(page, '/blog');
      await page.getByRole('link', { name: 'Posts tagged #reading' }).first().click();
      await page.waitForURL(`${server.url}/blog?tag=reading`);
      await expect.poll(() => page.getByRole('heading', { name: 'Posts tagged #reading', level: 1 }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Five Ways to Build a Love of Reading' }).isVisible()).toBe(true);
      expect(await page.getByText('What Happens in a Montessori Morning').count()).toBe(0);
      await expectNoAxeViolations(page);
      // Loaded afresh, the same list; a post's tags are links too.
      await gotoReady(page, '/blog?tag=reading');
      expect(await page.getByText('Showing the posts tagged').isVisible()).toBe(true);
      await gotoReady(page, '/blog/five-ways-reading');
      expect(await page.getByRole('link', { name: 'Posts tagged #parenting' }).getAttribute('href')).toBe('/blog?tag=parenting');
      // Published and saved today: no "Updated".
      expect(await page.getByText('Updated').count()).toBe(0);
      await t.close();
    });
  }

  it('the back office opens a new event in upload mode, its status from the dates', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms/events/new');
    await expect.poll(() => page.getByRole('heading', { name: 'Create New Event' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Upload a file').isChecked()).toBe(true);
    expect(await page.getByLabel('Cover image file').isVisible()).toBe(true);
    const status = page.getByLabel('Status');
    expect(await status.inputValue()).toBe('');
    await page.getByLabel('Start date and time').fill('2020-03-14T09:30');
    await expect.poll(() => status.locator('option').first().textContent()).toBe('From the dates (now Completed)');
    await expectNoAxeViolations(page);
    await t.close();
  });
});
