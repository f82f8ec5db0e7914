import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, E2E_SCHOOL_NAME, installSchool } from './support/install.ts';
import { gotoReady, login } from './support/public-content.ts';
import { E2E_SETUP_CODE, startServer, type RunningServer } from './support/server.ts';

/** Every <img> on the page that the browser loaded (a broken or missing photo has no natural width). */
const loadedImages = (page: Page) =>
  page
    .locator('img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({ src: img.currentSrc || img.src, ok: img.complete && img.naturalWidth > 0 })),
    );

const PASSPHRASE = 'a passphrase kept apart from the file';

describe.skipIf(chromiumMissingReason())('a school that wiped its machine restores its backup from the install wizard', () => {
  let old: RunningServer;
  let fresh: RunningServer;
  let browser: Browser;
  const work = mkdtempSync(join(tmpdir(), 'sprout-e2e-install-restore-'));
  const archive = join(work, 'sprout-backup.tar.gz');

  beforeAll(async () => {
    [old, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(old, { sampleContent: true });
    const cookie = await login(old.url, E2E_ADMIN.username, E2E_ADMIN.password);
    const response = await fetch(`${old.url}/api/backups/archive`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: E2E_ADMIN.password, passphrase: PASSPHRASE }),
    });
    expect(response.status).toBe(200);
    writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    await old.stop();
    // The same machine after a wipe: Sprout installed again, an empty data folder.
    fresh = await startServer();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await fresh?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('chooses "Restore this backup", uploads the archive, signs in with the old password, and the event shows its photos', async () => {
    const t = await openPage(browser, fresh.url, DESKTOP);
    const { page } = t;
    await page.goto('/');
    await page.waitForURL(/\/install$/);
    await page.getByLabel('Setup code').fill(E2E_SETUP_CODE);
    await page.getByRole('radio', { name: /Restore this backup/ }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Restore a backup', exact: true }).waitFor();

    // Without a file: a message, nothing sent.
    await page.getByRole('button', { name: 'Restore this backup' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Choose the backup file/);
    await expectNoAxeViolations(page);

    await page.getByLabel('Backup file (.tar.gz)').setInputFiles(archive);
    await page.getByLabel('The backup’s passphrase (if it has one)').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Restore this backup' }).click();
    await expect.poll(() => page.getByText('Your school is back').isVisible(), { timeout: 60_000 }).toBe(true);
    await expectNoAxeViolations(page);

    // The old administrator's password, from the backup.
    await page.getByRole('link', { name: 'Sign in to the back office' }).click();
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Login successful!').waitFor();
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();
    const me = (await (await page.request.get(`${fresh.url}/api/auth/user`)).json()) as { user: { username: string } | null };
    expect(me.user?.username).toBe(E2E_ADMIN.username);

    // An event with photos: every image on its page loads from the restored uploads.
    await gotoReady(page, '/event/spring-festival');
    expect(await page.getByText(E2E_SCHOOL_NAME).first().isVisible()).toBe(true);
    await page.getByText('Spring Festival Moments').first().scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await loadedImages(page)).filter((i) => /\/uploads\//.test(i.src) && i.ok).length, { timeout: 15_000 })
      .toBeGreaterThan(1);
    // Those not scrolled to yet (lazy) are there too.
    for (const { src } of (await loadedImages(page)).filter((i) => /\/uploads\//.test(i.src))) {
      expect((await page.request.get(src)).status(), src).toBe(200);
    }
    await t.close();
  }, 120_000);

  it('the install wizard is closed once the school is back, and its restore choice passes axe on a phone before that', async () => {
    const answer = await fetch(`${fresh.url}/api/install/restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/gzip' },
      body: new Uint8Array(10),
    });
    expect(answer.status).toBe(409);

    const blank = await startServer();
    try {
      const t = await openPage(browser, blank.url, PHONE);
      await t.page.goto(`/install?code=${E2E_SETUP_CODE}`);
      await t.page.getByRole('radio', { name: /Restore this backup/ }).check();
      await expectNoAxeViolations(t.page);
      await t.page.getByRole('button', { name: 'Next' }).click();
      await t.page.getByRole('heading', { name: 'Restore a backup', exact: true }).waitFor();
      await expectNoAxeViolations(t.page);
      await t.close();
    } finally {
      await blank.stop();
    }
  }, 120_000);
});
