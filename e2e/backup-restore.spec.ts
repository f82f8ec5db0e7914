import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE, toastsGone } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PASSPHRASE = 'a passphrase kept apart from the file';

describe.skipIf(chromiumMissingReason())('backups in the back office', () => {
  let server: RunningServer;
  let browser: Browser;
  const work = mkdtempSync(join(tmpdir(), 'sprout-e2e-backup-'));
  beforeAll(async () => {
    // Each daily backup is also copied to a folder (issue 31); no daily run happens during the test.
    [server, browser] = await Promise.all([startServer({ env: { BACKUP_COPY_DIR: join(work, 'copies') } }), launchBrowser()]);
    await installSchool(server, { sampleContent: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('downloads a backup, finds daily backups on from install with their copies, sees what the file holds, and restores it, which brings back what was there', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms/settings/school');
    await page.getByRole('link', { name: 'Backups' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Backups', exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // On from install, keeping 14 (issue 31); the screen says where the copies go and that none is made yet.
    const daily = page.getByRole('switch', { name: 'Make a backup every day on this server' });
    expect(await daily.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Keep the newest').inputValue()).toBe('14');
    const copies = page.getByRole('region', { name: 'Copies away from this server' });
    expect(await copies.getByText(`Each daily backup is also copied to the folder ${join(work, 'copies')}.`).isVisible()).toBe(
      true,
    );
    expect(await copies.getByText('No copy made yet: the first goes with the next daily backup.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Daily backups are on.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^Next: /).isVisible()).toBe(true);

    // A download is confirmed with the password; the passphrase seals the two-factor key inside the file.
    await page.getByRole('button', { name: 'Download a backup' }).click();
    const confirm = page.getByRole('dialog', { name: 'Download a backup' });
    await confirm.getByLabel('Your current password').fill(E2E_ADMIN.password);
    await confirm.getByLabel('Passphrase for the two-factor key (optional)').fill(PASSPHRASE);
    // The "Daily backups are on." toast fades while the dialog opens: axe once it has gone, not mid-fade.
    await toastsGone(page);
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sprout-backup-\d{8}-\d{6}\.tar\.gz$/);
    const file = join(work, download.suggestedFilename());
    await download.saveAs(file);

    // A change after the backup, which the restore takes away.
    const added = await page.request.post(`${server.url}/api/categories`, { data: { name: 'Added after the backup' } });
    expect(added.status()).toBe(201);

    await page.getByLabel('Backup file (.tar.gz)').setInputFiles(file);
    // What the file holds, read from its manifest before anything is sent (issue 31).
    const holds =
      /^\d+ posts, \d+ events, \d+ staff accounts?, \d+ photos, \d+ famil(y|ies), \d+ child(ren)?, \d+ tags? of (a child|children) in (a photo|photos), \d+ newsletter subscribers?$/;
    const contents = page.locator('#restore-file-contents');
    await expect.poll(() => contents.getByText('This backup holds').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await contents.getByText('Sunny Sprouts Preschool').isVisible()).toBe(true);
    expect(await contents.getByText(holds).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Restore' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace everything?' });
    const inDialog = replace.getByRole('region', { name: 'What the backup holds' });
    expect(await inDialog.getByText(holds).textContent()).toMatch(/[1-9]\d* posts/);
    await replace.getByLabel('Your current password').fill(E2E_ADMIN.password);
    await replace.getByLabel('The backup’s passphrase (if it has one)').fill(PASSPHRASE);
    await expectNoAxeViolations(page);
    await replace.getByRole('button', { name: 'Replace everything' }).click();
    await expect
      .poll(() => page.getByText('The backup was restored.', { exact: false }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as { data: { name: string }[] };
    expect(categories.data.map((c) => c.name)).not.toContain('Added after the backup');
    expect(categories.data.length).toBeGreaterThan(0);
    // Sessions are not in a backup: the back office asks to sign in again.
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await t.close();
  });

  it('shows the Backups screen at 375 px: the daily backups, the copies and a file that is not a backup refused before sending', async () => {
    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms/settings/backups');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Backups', exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('heading', { name: 'Copies away from this server' }).isVisible()).toBe(true);
    const notBackup = join(work, 'notes.tar.gz');
    writeFileSync(notBackup, 'not a backup');
    await page.getByLabel('Backup file (.tar.gz)').setInputFiles(notBackup);
    await expect
      .poll(() => page.getByText('This file is not a Sprout backup: choose a sprout-backup-….tar.gz file.').isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Restore' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await t.close();
  });

  it('moves the school to a new machine: npm run restore into an empty data folder, then the site and its photos are there', async () => {
    const archive = join(work, 'move.tar.gz');
    const cookie = await adminCookie(server.url);
    const response = await fetch(`${server.url}/api/backups/archive`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: E2E_ADMIN.password, passphrase: PASSPHRASE }),
    });
    expect(response.status).toBe(200);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(archive, Buffer.from(await response.arrayBuffer()));
    const passphraseFile = join(work, 'passphrase.txt');
    await writeFile(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });

    const fresh = mkdtempSync(join(tmpdir(), 'sprout-e2e-new-machine-'));
    const restored = spawnSync(process.execPath, ['scripts/restore.mjs', archive, '--passphrase-file', passphraseFile, '--yes'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: fresh, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(restored.status, restored.stdout + restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored in/);

    const moved = await startServer({ dataDir: fresh });
    try {
      const home = await (await fetch(`${moved.url}/`)).text();
      expect(home).toContain('Sunny Sprouts Preschool');
      const photo = /\/uploads\/[a-f0-9]{32}-\d+\.webp/.exec(home)?.[0];
      expect(photo, 'a photo on the home page').toBeTruthy();
      expect((await fetch(`${moved.url}${photo}`)).status).toBe(200);
      expect(await adminCookie(moved.url)).toMatch(/^sid=/);
    } finally {
      await moved.stop();
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

async function adminCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}
