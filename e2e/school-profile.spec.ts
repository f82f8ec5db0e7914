import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_SCHOOL_NAME, installSchool, signInAsAdmin } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.skipIf(chromiumMissingReason())('the school profile in the back office', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the saved profile, renames the school in the back office and on the website at once', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsAdmin(page, server);

    await page.goto('/cms/settings/school');
    const name = page.getByLabel('School name');
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe(E2E_SCHOOL_NAME);
    expect(await page.getByLabel('Timezone').inputValue()).toBe('Asia/Kolkata');
    await expectNoAxeViolations(page);

    await name.fill('Maple Tree Preschool');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('School profile saved').isVisible()).toBe(true);
    // The sidebar reads the same profile: it shows the new name without a reload.
    await expect.poll(() => page.locator('aside').getByText('Maple Tree Preschool').isVisible()).toBe(true);

    // Screens that read the school's timezone still work from the same cached profile.
    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Events', exact: true }).isVisible()).toBe(true);

    const home = await fetch(`${server.url}/`).then((r) => r.text());
    expect(home).toContain('Maple Tree Preschool');
    expect(home).not.toContain(E2E_SCHOOL_NAME);
    await t.close();
  });

  it('offers every time zone the browser knows, by its current name too, in a searchable field, and refuses one that does not exist', async () => {
    for (const [viewport, zone] of [
      [PHONE, 'Europe/Kyiv'],
      [DESKTOP, 'Asia/Kolkata'],
    ] as const) {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await signInAsAdmin(page, server);
      await page.goto('/cms/settings/school');
      const field = page.getByRole('combobox', { name: 'Timezone' });
      await expect.poll(() => field.isVisible(), { timeout: 15_000 }).toBe(true);
      const offered = await page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('#school-tz');
        return [...(input?.list?.options ?? [])].map((o) => o.value);
      });
      expect(offered.length).toBeGreaterThan(300);
      expect(offered).toEqual(
        expect.arrayContaining(['Europe/London', 'America/Sao_Paulo', 'Africa/Nairobi', 'UTC', 'Asia/Kathmandu', zone]),
      );
      await expectNoAxeViolations(page);

      await field.fill('Mars/Olympus_Mons');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect.poll(() => page.getByText('Choose a time zone from the list').isVisible()).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');

      await field.fill(zone);
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect.poll(() => page.getByText('School profile saved').isVisible()).toBe(true);
      await page.reload();
      await expect.poll(() => page.getByRole('combobox', { name: 'Timezone' }).inputValue(), { timeout: 15_000 }).toBe(zone);
      await t.close();
    }
  });
});
