import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage as openTestPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Toasts and dialogs settle at once, so axe never measures a half-faded element. */
async function openPage(...args: Parameters<typeof openTestPage>) {
  const t = await openTestPage(...args);
  await t.page.emulateMedia({ reducedMotion: 'reduce' });
  return t;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

// Issue 31: deleting a category in use offers, in the same dialog, to move its events first.
describe.skipIf(chromiumMissingReason())('deleting a category in use', () => {
  let server: RunningServer;
  let browser: Browser;
  let cookie: string;
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
    });
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    ['375 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const)('at %s, moves the events to the chosen category and deletes it in one step', async (width, viewport) => {
    const from = `Outing ${width}`;
    const to = `Trip ${width}`;
    for (const name of [from, to]) expect((await api('POST', '/api/categories', { name })).status).toBe(201);
    for (const title of ['Zoo visit', 'Farm visit']) {
      const res = await api('POST', '/api/events', {
        title: `${title} ${width}`,
        description: 'A day out.',
        category: from,
        location: 'Main Branch',
        start_date: '2031-03-10T04:00:00.000Z',
        end_date: null,
        cover_image: null,
        gallery_id: null,
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }

    const t = await openPage(browser, server.url, viewport);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms/category');
    await page.getByRole('button', { name: `Delete ${from}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByText(`“${from}” is used by 2 events.`, { exact: false }).waitFor();
    // Nothing chosen yet: the dialog says so, and nothing is deleted.
    await dialog.getByRole('button', { name: 'Move 2 events and delete' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose the category to move the events to.' }).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Move the events to').selectOption({ label: to });
    await dialog.getByRole('button', { name: 'Move 2 events and delete' }).click();
    await toast(page, 'Category deleted and its 2 events moved');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: `Delete ${from}` }).count()).toBe(0);
    const row = page.getByRole('listitem').filter({ hasText: to });
    await row.getByText('2 events').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The category that took them is in use now: deleting it asks where its events go too.
    await page.getByRole('button', { name: `Delete ${to}` }).click();
    await dialog.getByText(`“${to}” is used by 2 events.`, { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await t.close();
  });
});
