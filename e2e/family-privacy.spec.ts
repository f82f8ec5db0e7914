import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, toastsGone, enrolledColumn, launchBrowser, openPage } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { gotoReady, login } from './support/public-content.ts';
import { admissionAt, ENROL } from './support/staff-api.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.skipIf(chromiumMissingReason())('a family’s data: a sibling added, exported, erased (issue 32)', () => {
  let server: RunningServer;
  let browser: Browser;
  let cookie: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SPROUT_MIN_FILL_MS: '0' } }), launchBrowser()]);
    await installSchool(server);
    cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a sibling to the family, downloads the family’s zip, and erases the family after confirming', async () => {
    const email = 'anil@example.com';
    await admissionAt(server.url, cookie, 'Ira Kulkarni', 'Anil Kulkarni', email, ENROL);
    await admissionAt(server.url, cookie, 'Om Kulkarni', 'Anil Kulkarni', email, ENROL);
    // A third child's admission from the same parent is still open.
    await admissionAt(server.url, cookie, 'Uma Kulkarni', 'Anil Kulkarni', email, ['contacted']);

    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsAdmin(page, server);

    await gotoReady(page, '/cms/admissions');
    const createIra = enrolledColumn(page).getByRole('button', { name: 'Create family for Ira Kulkarni' });
    await expect.poll(() => createIra.isVisible(), { timeout: 15_000 }).toBe(true);
    await createIra.click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/cms\/families\/\d+$/);
    const familyUrl = new URL(page.url()).pathname;

    // The sibling: the parent is already the Kulkarni family's contact, so the board offers to add Om there.
    await gotoReady(page, '/cms/admissions');
    await enrolledColumn(page).getByRole('button', { name: 'Create family for Om Kulkarni' }).click();
    const offer = page.getByRole('dialog', { name: 'Add Om Kulkarni to the Kulkarni family?' });
    await expect.poll(() => offer.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await offer.getByRole('button', { name: 'Add to the Kulkarni family' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(familyUrl);
    const om = page.getByRole('group', { name: 'Child 2' });
    await expect.poll(() => om.getByLabel('First name').inputValue(), { timeout: 15_000 }).toBe('Om');
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !/status of 409/.test(e)));
    await toastsGone(page);

    // Export: one click downloads a zip of everything held about the family.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^family-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const json = JSON.parse(strFromU8(files['family.json']!));
    expect(json.family.name).toBe('Kulkarni family');
    expect(json.children.map((c: { firstName: string }) => c.firstName)).toEqual(['Ira', 'Om']);
    expect(json.enquiries.map((e: { name: string }) => e.name).sort()).toEqual(['Ira Kulkarni', 'Om Kulkarni', 'Uma Kulkarni']);

    // Erase: the dialog says what goes and what stays; the open admission asks once more.
    await page.getByRole('button', { name: 'Erase family' }).click();
    const what = page.getByRole('alertdialog', { name: 'Erase “Kulkarni family”?' });
    await expect.poll(() => what.isVisible()).toBe(true);
    expect(await what.getByText('Unlike Delete, it also takes the names off').isVisible()).toBe(true);
    expect(await what.getByText('Kept, as numbers only').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await what.getByRole('button', { name: 'Erase family' }).click();
    const open = page.getByRole('alertdialog', { name: 'Erase the family with its open admission?' });
    await expect.poll(() => open.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await open.getByText('still open (Contacted)').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await open.getByRole('button', { name: 'Erase all the same' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/cms/families');
    await expect.poll(() => page.getByText(/^Family erased: 2 children, 1 contact/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Kulkarni family' }).count()).toBe(0);
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !/status of 409/.test(e)));

    // The admissions stay on the board, nameless.
    await gotoReady(page, '/cms/admissions');
    await expect.poll(() => enrolledColumn(page).getByText('(erased)').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByText('Kulkarni').count()).toBe(0);
    await toastsGone(page);
    await expectNoAxeViolations(page);
    await t.close();
  });
});
