import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { installSchool, signInAsAdmin } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Issue 32, retention: Settings > Security says how long a family keeps access, and the photos of
// a child are shown, after the child leaves; a school changes both there.

describe.skipIf(chromiumMissingReason())('Settings > Security: families after their children leave', () => {
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

  it('shows both periods with what they do, refuses a period out of bounds, and keeps what is saved (375 px)', async () => {
    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms/settings/security');
    const access = page.getByRole('group', { name: 'Family access after a child leaves' });
    const photos = page.getByRole('group', { name: 'Photos after a child leaves' });
    await access.getByLabel('How long').waitFor();
    expect(await access.getByLabel('How long').inputValue()).toBe('3');
    expect(await access.getByLabel('Counted in').inputValue()).toBe('months');
    expect(await photos.getByLabel('How long').inputValue()).toBe('12');
    expect(await access.getByText('the parents can no longer sign in to the family area').isVisible()).toBe(true);
    expect(await photos.getByText('leave every gallery that families or the public see').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // Five years is the most in months.
    await photos.getByLabel('How long').fill('61');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => photos.getByText('Photos after a child leaves must be at most 60 months').isVisible()).toBe(true);
    expect(await photos.getByLabel('How long').getAttribute('aria-invalid')).toBe('true');

    await photos.getByLabel('How long').fill('400');
    await photos.getByLabel('Counted in').selectOption('days');
    await access.getByLabel('How long').fill('45');
    await access.getByLabel('Counted in').selectOption('days');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByText('Security settings saved').isVisible()).toBe(true);

    const saved = await (await page.request.get(`${server.url}/api/security`)).json();
    expect(saved.data.settings).toMatchObject({
      familyAccessAfterLeaving: { amount: 45, unit: 'days' },
      photosAfterLeaving: { amount: 400, unit: 'days' },
    });
    await page.reload();
    await access.getByLabel('How long').waitFor();
    expect(await access.getByLabel('How long').inputValue()).toBe('45');
    expect(await photos.getByLabel('Counted in').inputValue()).toBe('days');
    await t.close();
  });
});
