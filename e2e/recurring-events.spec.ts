import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeWithoutToasts, DESKTOP, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, E2E_BRANCHES, installSchool, signInAsAdmin } from './support/install.ts';
import { login } from './support/public-content.ts';
import { staffCall } from './support/staff-api.ts';
import { startServer, type RunningServer } from './support/server.ts';

/*
 * Issue 34: staff create a weekly event limited to term time, for one branch, in the event form,
 * on a phone and on a desktop; the staff list then shows its dates (not the half-term's), each
 * marked as repeating, and the detail names the rule in words.
 */
const CITY = E2E_BRANCHES[1]!.name;
const png = (color: string, name: string) =>
  sharp({ create: { width: 640, height: 420, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));

describe.skipIf(chromiumMissingReason())('repeating events in the back office (issue 34)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    const cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
    await staffCall(server.url, cookie, 'POST', '/api/categories', { name: 'Outdoors' });
    for (const date of [
      { kind: 'term', name: 'Autumn term', starts_on: '2031-09-03', ends_on: '2031-12-19' },
      { kind: 'half_term', name: 'October half-term', starts_on: '2031-10-27', ends_on: '2031-10-31' },
    ])
      await staffCall(server.url, cookie, 'POST', '/api/school-year', date);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const fitsScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`creates a weekly term-time event for one branch on a ${name}, and lists its dates`, async () => {
      const title = `Forest School (${name})`;
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await signInAsAdmin(page, server);
      await page.goto('/cms/events/new');
      await page.getByRole('heading', { name: 'Create New Event' }).waitFor();

      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Description').fill('Outdoors in the woods, whatever the weather.');
      await page.getByLabel('Cover image file').setInputFiles(await png('#16a34a', 'forest.png'));
      await page.getByAltText('Cover preview').waitFor();
      await page.getByLabel('Category').selectOption('Outdoors');
      await page.getByLabel('Location').fill('The woods behind the City Branch');
      // Tuesday 14 October 2031, 9:30 to 11:00 on the school's clock.
      await page.getByLabel('Start date and time').fill('2031-10-14T09:30');
      await page.getByLabel('End date and time (optional)').fill('2031-10-14T11:00');
      await page.getByLabel('Held at').selectOption(CITY);

      await page.getByLabel('Repeats', { exact: true }).selectOption({ label: 'Weekly on chosen days' });
      await page.getByRole('group', { name: 'On these days' }).getByLabel('Tuesday').check();
      await page.getByLabel('On a date').check();
      await page.getByLabel('Last date').fill('2031-11-18');
      await page.getByLabel(/Only in term time/).check();
      await axeWithoutToasts(page);
      expect(await fitsScreen(page)).toBe(true);

      await page.getByRole('button', { name: 'Create Event' }).click();
      await page.waitForURL(/\/cms\/events$/);
      await page.getByLabel('Search events').fill(title);
      const cards = page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: title });
      // 14, 21 Oct, (28 Oct: half-term), 4, 11, 18 Nov.
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(5);
      const texts = await cards.allInnerTexts();
      expect(texts.every((text) => text.includes('Repeats') && text.includes(`At ${CITY}`))).toBe(true);
      expect(texts.map((text) => /(Oct|Nov) \d+, 2031/.exec(text)?.[0])).toEqual([
        'Oct 14, 2031',
        'Oct 21, 2031',
        'Nov 4, 2031',
        'Nov 11, 2031',
        'Nov 18, 2031',
      ]);
      await axeWithoutToasts(page);
      expect(await fitsScreen(page)).toBe(true);

      await cards
        .first()
        .getByRole('link', { name: `View ${title}` })
        .click();
      await page.getByText('Every Tuesday in term time until November 18, 2031').waitFor();
      await page.getByRole('heading', { name: 'Cancelled by closures' }).waitFor();
      await axeWithoutToasts(page);
      expect(await fitsScreen(page)).toBe(true);
      await t.close();
    }, 120_000);
  }

  it('changes "this and following" dates from the form: the dialog asks which, by keyboard', async () => {
    const title = 'Forest School (desktop)';
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto(`/cms/events?q=${encodeURIComponent(title)}`);
    const cards = page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: 'Forest School' });
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(5);
    await cards
      .nth(2)
      .getByRole('link', { name: `Edit ${title}` })
      .click();
    await page.getByRole('heading', { name: 'Edit Event' }).waitFor();
    expect(await page.getByLabel('Repeats', { exact: true }).inputValue()).toBe('weekly');
    // Before saving, the form says this is one date of a series, and what saving will ask.
    await page
      .getByText(
        'This is one date of a repeating event: Every Tuesday in term time until November 18, 2031. When you save, you choose this date, this and the following, or all.',
      )
      .waitFor();
    // "Repeats" is seen once (the section's title); the select keeps it as its accessible name.
    const seen = await page
      .getByText('Repeats', { exact: true })
      .evaluateAll((els) => els.filter((el) => !el.closest('.sr-only')).length);
    expect(seen).toBe(1);
    await page.getByLabel('Title').fill('Forest School (afternoons)');
    await page.getByLabel('Start date and time').fill('2031-11-04T13:30');
    await page.getByLabel('End date and time (optional)').fill('2031-11-04T15:00');
    await page.getByRole('button', { name: 'Update Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change a repeating event' });
    await dialog.waitFor();
    await axeWithoutToasts(page);
    // Tab from "This event" to "This and following events", and Enter.
    await expect
      .poll(() => dialog.getByRole('button', { name: 'This event' }).evaluate((b) => b === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/cms\/events$/);
    await page.getByLabel('Search events').fill('Forest School');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(5);
    const mine = (await cards.allInnerTexts()).filter((text) => /desktop|afternoons/.test(text));
    expect(
      mine.map((text) => [/Forest School \((\w+)\)/.exec(text)?.[1], /(Oct|Nov) \d+, 2031, [\d:]+ [AP]M/.exec(text)?.[0]]),
    ).toEqual([
      ['desktop', 'Oct 14, 2031, 9:30 AM'],
      ['desktop', 'Oct 21, 2031, 9:30 AM'],
      ['afternoons', 'Nov 4, 2031, 1:30 PM'],
      ['afternoons', 'Nov 11, 2031, 1:30 PM'],
      ['afternoons', 'Nov 18, 2031, 1:30 PM'],
    ]);
    await t.close();
  }, 120_000);
});
