import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { login } from './support/public-content.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Issue 18: the back office with years of content (3,000 posts, 1,500 events, added through the API
// as staff would). The lists open quickly, search finds old items, typing in the editor leaves the
// list alone, and the pages are keyboard-usable, at 375 and 1280 px.
const POSTS = 3000;
const EVENTS = 1500;
const DAY = 24 * 3600_000;

async function seed(base: string) {
  const cookie = await login(base, E2E_ADMIN.username, E2E_ADMIN.password);
  const call = async (path: string, body: unknown) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  await call('/api/categories', { name: 'Celebration' });
  const run = async (count: number, job: (i: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < count) await job(next++);
      }),
    );
  };
  // The first post and the first event are the oldest: a search must find them far from page 1.
  await run(POSTS, (i) =>
    call('/api/posts', {
      title: i === 0 ? 'Annual Sports Day 2019' : `Classroom diary ${i}`,
      slug: i === 0 ? 'annual-sports-day-2019' : `classroom-diary-${i}`,
      excerpt: `What we did in class, day ${i}.`,
      content: `<p>Day ${i}: painting, songs and a story.</p>`,
      status: i % 10 === 9 ? 'draft' : 'published',
    }),
  );
  await run(EVENTS, (i) => {
    const start = new Date(Date.now() + (i - 1000) * DAY);
    return call('/api/events', {
      title: i === 0 ? 'Grandparents Day picnic' : `Community event ${i}`,
      description: 'Families welcome.',
      category: 'Celebration',
      location: i % 2 ? 'Main Branch' : 'City Branch',
      start_date: start.toISOString(),
      status: start.getTime() < Date.now() ? 'completed' : 'upcoming',
    });
  });
}

/** Milliseconds from a navigation to the first row of `rows`, with the screen's code already cached. */
async function timeToFirstRow(page: Page, path: string, rows: string) {
  await page.goto(path);
  await page.locator(rows).first().waitFor();
  const started = Date.now();
  await page.goto(path);
  await page.locator(rows).first().waitFor();
  return Date.now() - started;
}

const POST_ROWS = '[aria-label="Posts"] > li';
const EVENT_CARDS = '[aria-label="Events"] > li';

describe.skipIf(chromiumMissingReason())('the back office with years of content', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    await seed(server.url);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('starts each list with its page: the user comes in the page, the first page of the list is fetched once', async () => {
    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await signInAsAdmin(page, server);
    // The privacy notice the install wrote: a page of the school's own, in its editor (issue 30).
    const pages = (await (await page.request.get(`${server.url}/api/website/pages?q=privacy`)).json()) as {
      data: { id: number }[];
    };
    const pageId = pages.data[0]!.id;
    for (const [path, rows, list] of [
      ['/cms/gallery', '[aria-label="Galleries"] > li, :text("No galleries yet")', '/api/admin/galleries?limit=20'],
      ['/cms/events', EVENT_CARDS, '/api/events?limit=24'],
      ['/cms/blog', POST_ROWS, '/api/posts?limit=20'],
      // The website's editors start with what they edit.
      ['/cms/website/programs', 'form[aria-label$=" page"]', '/api/website/sections/programs'],
      [`/cms/website/pages/${pageId}`, 'form', `/api/website/pages/${pageId}`],
    ] as const) {
      const asked: string[] = [];
      const warnings: string[] = [];
      const onRequest = (r: { url(): string }) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search);
      const onConsole = (m: { type(): string; text(): string }) => void (m.type() === 'warning' && warnings.push(m.text()));
      page.on('request', onRequest);
      page.on('console', onConsole);
      await page.goto(path);
      await page.locator(rows).first().waitFor();
      await expect.poll(() => asked.filter((u) => u === '/api/school').length).toBe(1);
      expect(asked.filter((u) => u === list)).toEqual([list]);
      expect(asked).not.toContain('/api/auth/user');
      page.off('request', onRequest);
      page.off('console', onConsole);
      expect(warnings.filter((w) => w.includes('preload'))).toEqual([]);
    }
    await t.close();
  });

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ] as const) {
    it(`blog at ${label}: opens fast, searches the server, pages by keyboard, and typing leaves the list alone`, async () => {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await signInAsAdmin(page, server);
      expect(await timeToFirstRow(page, '/cms/blog', POST_ROWS)).toBeLessThan(1500);
      await expect.poll(() => page.getByText(POSTS.toLocaleString('en-US'), { exact: true }).isVisible()).toBe(true);
      expect(await page.locator(POST_ROWS).count()).toBe(20);

      // Typing in the editor never touches the list.
      await page.evaluate(() => {
        const w = window as unknown as { listChanges: number };
        w.listChanges = 0;
        new MutationObserver((m) => (w.listChanges += m.length)).observe(document.querySelector('[aria-label="Posts"]')!, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      });
      await page.getByLabel('Title', { exact: true }).pressSequentially('A visit to the fire station', { delay: 20 });
      expect(await page.evaluate(() => (window as unknown as { listChanges: number }).listChanges)).toBe(0);

      // Numbered pages by keyboard: Next, then the first page again.
      const pager = page.getByRole('navigation', { name: 'Posts pages' });
      const firstTitle = await page.locator(`${POST_ROWS} h3`).first().textContent();
      await pager.getByRole('button', { name: 'Next' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
      await expect.poll(() => page.locator(`${POST_ROWS} h3`).first().textContent()).not.toBe(firstTitle);

      // Search finds the oldest post; a filter with no match says so.
      await page.getByLabel('Search posts').fill('sports day 2019');
      await expect.poll(() => page.locator(`${POST_ROWS} h3`).allTextContents()).toEqual(['Annual Sports Day 2019']);
      await expect.poll(() => page.getByRole('link', { name: /View on site: Annual Sports Day 2019/ }).isVisible()).toBe(true);
      await page.getByLabel('Filter by status').selectOption('draft');
      await expect.poll(() => page.getByText('No posts found').isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await t.close();
    }, 120_000);

    it(`events at ${label}: counters, status filter and a search that finds an old event`, async () => {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await signInAsAdmin(page, server);
      expect(await timeToFirstRow(page, '/cms/events', EVENT_CARDS)).toBeLessThan(1500);
      await expect.poll(() => page.getByText(EVENTS.toLocaleString('en-US'), { exact: true }).isVisible()).toBe(true);

      await page.getByLabel('Search events').fill('grandpar');
      await expect.poll(() => page.locator(`${EVENT_CARDS} h2`).allTextContents()).toEqual(['Grandparents Day picnic']);
      await page.getByLabel('Filter by status').selectOption('upcoming');
      await expect.poll(() => page.getByText('No events found').isVisible()).toBe(true);
      expect(await page.getByText('Try adjusting your search or filter').isVisible()).toBe(true);
      // The counters count every event, whatever the filter.
      expect(await page.getByText(EVENTS.toLocaleString('en-US'), { exact: true }).isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.get('q')).toBe('grandpar');
      await expectNoAxeViolations(page);
      await t.close();
    }, 120_000);
  }
});
