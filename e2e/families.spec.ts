import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, toastsGone, enrolledColumn, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { gotoReady, login } from './support/public-content.ts';
import { enrolledAdmission } from './support/staff-api.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Records a consent through the family screen's dialog, as staff do from a paper form. */
async function recordConsent(page: Page, child: string, purpose: string, answer: 'Given' | 'Withdrawn', axe = false) {
  await page.getByRole('button', { name: `Record consent for ${child}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record consent: ${child}` });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await dialog.getByLabel('Purpose').selectOption({ label: purpose });
  await dialog.getByLabel(answer, { exact: true }).check();
  await dialog.getByLabel('Source').fill('paper form');
  if (axe) await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Record consent', exact: true }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

describe.skipIf(chromiumMissingReason())('families in the back office (issue 32)', () => {
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

  it('makes a family from an enrolled admission, records consents with their history, and finds it in the list', async () => {
    await enrolledAdmission(server.url, cookie, 'Ira Menon', 'Arjun Menon', 'arjun@example.com');
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsAdmin(page, server);

    // The board: an enrolled card offers "Create family", which opens the new family.
    await gotoReady(page, '/cms/admissions');
    const create = enrolledColumn(page).getByRole('button', { name: 'Create family for Ira Menon' });
    await expect.poll(() => create.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await create.click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/cms\/families\/\d+$/);
    const familyUrl = new URL(page.url()).pathname;
    await expect.poll(() => page.getByRole('heading', { name: 'Menon family', level: 1 }).isVisible()).toBe(true);
    const contact = page.getByRole('group', { name: 'Contact 1' });
    expect(await contact.getByLabel('Name', { exact: true }).inputValue()).toBe('Arjun Menon');
    expect(await contact.getByLabel('E-mail').inputValue()).toBe('arjun@example.com');
    const child = page.getByRole('group', { name: 'Child 1' });
    expect(await child.getByLabel('First name').inputValue()).toBe('Ira');
    expect(await child.getByLabel('Last name').inputValue()).toBe('Menon');
    expect(await child.getByLabel('Programme').inputValue()).toBe('kindergarten');
    expect(await child.getByLabel('Branch').inputValue()).toBe('Main Branch');
    const consents = page.getByRole('region', { name: 'Photo consents: Ira Menon' });
    expect(await consents.getByText('Never recorded').count()).toBe(3);
    await toastsGone(page);
    await expectNoAxeViolations(page);

    // Staff record two consents given on paper; "No images anywhere" overrides the website's.
    await recordConsent(page, 'Ira Menon', 'Photos on the public website', 'Given', true);
    await expect.poll(() => consents.getByText('Never recorded').count()).toBe(2);
    expect(await consents.getByText('Given', { exact: true }).count()).toBe(1);
    await recordConsent(page, 'Ira Menon', 'No images anywhere', 'Given');
    await expect
      .poll(() => consents.getByRole('note').textContent())
      .toContain('No images anywhere: no photo of Ira Menon may be shown to anyone outside the staff');
    expect(await consents.getByText('Overridden').count()).toBe(1);
    expect(await consents.getByText(/by Meera Iyer \(staff\), paper form/).count()).toBe(2);
    await toastsGone(page);
    await expectNoAxeViolations(page);

    // Saving the family again keeps the child, and so its consents (the rows' ids go with the form).
    await page.getByLabel('Notes').fill('Collected by the grandmother on Fridays.');
    await page.getByRole('button', { name: 'Save family' }).click();
    await expect.poll(() => page.getByText('Family saved').isVisible()).toBe(true);
    // Opened afresh (nothing cached), the child's programme shows in its select, the consents with it.
    await gotoReady(page, familyUrl);
    await expect
      .poll(() => page.getByRole('group', { name: 'Child 1' }).getByLabel('Programme').inputValue(), { timeout: 15_000 })
      .toBe('kindergarten');
    expect(await page.getByLabel('Notes').inputValue()).toBe('Collected by the grandmother on Fridays.');
    expect(await consents.getByText('Overridden').count()).toBe(1);

    // The history, newest first.
    await consents.getByRole('button', { name: "History of Ira Menon's consents" }).click();
    const history = page.getByRole('dialog', { name: 'Consent history: Ira Menon' });
    const entries = history.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain('No images anywhere: given');
    expect(await entries.nth(1).textContent()).toContain('Photos on the public website: given');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => history.isVisible()).toBe(false);

    // Once made, "Create family" opens the family already made from the admission (the 409 names it).
    await gotoReady(page, '/cms/admissions');
    await enrolledColumn(page).getByRole('button', { name: 'Create family for Ira Menon' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(familyUrl);
    await expect.poll(() => page.getByRole('heading', { name: 'Menon family', level: 1 }).isVisible()).toBe(true);
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !/status of 409/.test(e)));

    // The list: counts, the family's parent and child, found by the parent's e-mail and not by another.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Families' }).click();
    const list = page.getByRole('list', { name: 'Families' });
    await expect.poll(() => list.getByRole('link', { name: 'Menon family' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await list.getByText('Arjun Menon').isVisible()).toBe(true);
    expect(await list.getByText('Ira Menon').isVisible()).toBe(true);
    expect(await list.getByText('Kindergarten', { exact: false }).isVisible()).toBe(true);
    await page.getByLabel('Search families').fill('arjun@example');
    await expect.poll(() => page.url()).toContain('q=arjun%40example');
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'Menon family' }).count()).toBe(1);
    await page.getByLabel('Search families').fill('nobody-by-this-name');
    await expect.poll(() => page.getByRole('heading', { name: 'No families found' }).isVisible()).toBe(true);
    await page.getByLabel('Search families').fill('Ira');
    await expect.poll(() => list.getByRole('link', { name: 'Menon family' }).isVisible()).toBe(true);
    await page.getByLabel('Order').selectOption({ label: 'Newest first' });
    await expect.poll(() => page.url()).toContain('sort=newest');
    await expect.poll(() => list.getByRole('link', { name: 'Menon family' }).isVisible()).toBe(true);
    await toastsGone(page);
    await expectNoAxeViolations(page);
    await t.close();
  });

  it('on a phone: adds a family by hand, the server’s refusal on its field, and every screen passes axe', async () => {
    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsAdmin(page, server);

    await gotoReady(page, '/cms/families');
    await expect.poll(() => page.getByRole('link', { name: 'Add family' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Menon family' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Add family' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Add family', level: 1 }).isVisible()).toBe(true);

    // Nothing filled: the schema names each field before anything is sent.
    await page.getByRole('button', { name: 'Save family' }).click();
    await expect.poll(() => page.getByText('Family name is required.').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByLabel('Family name').fill('Rao family');
    const contact = page.getByRole('group', { name: 'Contact 1' });
    await contact.getByLabel('Name', { exact: true }).fill('Suresh Rao');
    await contact.getByLabel('Relation').fill('Father');
    // Another family's parent signs in with this address: the server refuses it, on the field.
    await contact.getByLabel('E-mail').fill('arjun@example.com');
    await page.getByRole('button', { name: 'Add contact' }).click();
    const second = page.getByRole('group', { name: 'Contact 2' });
    await second.getByLabel('Name', { exact: true }).fill('Lata Rao');
    await second.getByLabel('Phone').fill('+91 98765 55555');
    const child = page.getByRole('group', { name: 'Child 1' });
    await child.getByLabel('First name').fill('Kavya');
    await child.getByLabel('Last name').fill('Rao');
    await child.getByLabel('Date of birth').fill('2023-02-10');
    await child.getByLabel('Programme').selectOption({ label: 'Nursery' });
    await child.getByLabel('Branch').selectOption('City Branch');
    await page.getByRole('button', { name: 'Save family' }).click();
    await expect
      .poll(() => contact.getByText('Another family has a contact with this e-mail address').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await contact.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !/status of 409/.test(e)));

    await contact.getByLabel('E-mail').fill('suresh@example.com');
    await page.getByRole('button', { name: 'Save family' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/cms\/families\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Rao family', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Contact 2' }).getByLabel('Name', { exact: true }).inputValue()).toBe(
      'Lata Rao',
    );
    await recordConsent(page, 'Kavya Rao', 'Photos in the family area', 'Withdrawn', true);
    const consents = page.getByRole('region', { name: 'Photo consents: Kavya Rao' });
    await expect.poll(() => consents.getByText('Not given').isVisible()).toBe(true);
    await toastsGone(page);
    await expectNoAxeViolations(page);

    // Delete asks first, then the list no longer has the family.
    await page.getByRole('button', { name: 'Delete family' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/cms/families');
    await expect.poll(() => page.getByRole('link', { name: 'Menon family' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Rao family' }).count()).toBe(0);

    await gotoReady(page, '/cms/admissions');
    await expect
      .poll(() => enrolledColumn(page).getByRole('button', { name: 'Create family for Ira Menon' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await toastsGone(page);
    await expectNoAxeViolations(page);
    await t.close();
  });

  it('asks for the branch when the admission’s is no longer the school’s, then makes the family', async () => {
    const school = (await (await fetch(`${server.url}/api/school`)).json()).data;
    await enrolledAdmission(server.url, cookie, 'Dev Nair', 'Kiran Nair', 'kiran@example.com');
    // The admission named Main Branch; the school then renames it.
    school.branches[0].name = 'Garden Branch';
    const saved = await fetch(`${server.url}/api/school`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify(school),
    });
    expect(saved.status).toBe(200);

    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsAdmin(page, server);
    await gotoReady(page, '/cms/admissions');
    const create = enrolledColumn(page).getByRole('button', { name: 'Create family for Dev Nair' });
    await expect.poll(() => create.isVisible(), { timeout: 15_000 }).toBe(true);
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create family for Dev Nair' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Branch').selectOption('Garden Branch');
    await dialog.getByRole('button', { name: 'Create family' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/cms\/families\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Nair family', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Child 1' }).getByLabel('Branch').inputValue()).toBe('Garden Branch');
    // The first answer was the server's 400 asking for the branch.
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !/status of 400/.test(e)));
    await t.close();
  });
});
