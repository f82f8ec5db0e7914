import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeWithoutToasts, DESKTOP, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, E2E_BRANCHES, installSchool, signInAsAdmin } from './support/install.ts';
import { login } from './support/public-content.ts';
import { staffCall } from './support/staff-api.ts';
import { startServer, type RunningServer } from './support/server.ts';

/*
 * Issue 34, "Done when" 1: a school enters its year (a term, a half-term, a closure day for one
 * branch) through Settings → School year, on a phone and on a desktop; a refusal from the server
 * shows at its field; the closure says which occurrence of a repeating event it cancels.
 */
const CITY = E2E_BRANCHES[1]!.name;

describe.skipIf(chromiumMissingReason())('the school year in the back office (issue 34)', () => {
  let server: RunningServer;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
    // Forest School every Tuesday at 9:30 (Asia/Kolkata) from 2 December 2031, four times.
    await staffCall(server.url, cookie, 'POST', '/api/categories', { name: 'Outdoors' });
    await staffCall(server.url, cookie, 'POST', '/api/events', {
      title: 'Forest School',
      description: 'Outdoors in the woods.',
      category: 'Outdoors',
      location: CITY,
      branch: CITY,
      start_date: '2031-12-02T04:00:00.000Z',
      end_date: '2031-12-02T05:00:00.000Z',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Fills the Add form and sends it. */
  async function add(page: Page, kind: string, name: string, first: string, last: string, branch?: string) {
    const form = page.getByRole('form', { name: /^(Add a date|Change)/ });
    await form.getByLabel('Kind').selectOption({ label: kind });
    // The Branch hint speaks of the kind chosen (a closure's is not a term's).
    await form.getByText(`A ${kind.toLowerCase()} of one branch only`).waitFor();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('First day').fill(first);
    await form.getByLabel('Last day').fill(last);
    if (branch) await form.getByLabel('Branch').selectOption({ label: branch });
    await form.getByRole('button', { name: /^(Add|Save)$/ }).click();
  }
  const fitsScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('enters a term, a half-term and a closure day on a phone, and lists them by school year', async () => {
    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms/settings/school-year');
    await page.getByRole('heading', { name: 'School year', level: 1 }).waitFor();
    await page.getByText('No term dates yet.').waitFor();
    await axeWithoutToasts(page);
    expect(await fitsScreen(page)).toBe(true);

    await add(page, 'Term', 'Autumn term', '2031-09-03', '2031-12-19');
    await page.getByText('Term “Autumn term” added').waitFor();
    const year = page.getByRole('region', { name: 'School year 2031–32' });
    await year.getByText('Autumn term').waitFor();

    // A half-term outside the term: the server's refusal shows at the First day field.
    await add(page, 'Half-term', 'Winter half-term', '2031-12-22', '2031-12-26');
    const firstDay = page.getByRole('form', { name: 'Add a date' }).getByLabel('First day');
    await expect.poll(() => firstDay.getAttribute('aria-invalid')).toBe('true');
    await page
      .getByText(/A half-term must lie within a term\. The terms are: Autumn term \(Sep 3, 2031 to Dec 19, 2031\)/)
      .waitFor();
    await add(page, 'Half-term', 'October half-term', '2031-10-27', '2031-10-31');
    await page.getByRole('list', { name: 'Half-terms of Autumn term' }).getByText('October half-term').waitFor();
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !/status of 400/.test(e))); // the refusal above

    await add(page, 'Closure day', 'Boiler repair', '2031-12-09', '2031-12-09', CITY);
    const closure = year.getByRole('listitem').filter({ hasText: 'Boiler repair' });
    await closure.getByText(`Tue, Dec 9, 2031 · ${CITY} only`).waitFor();
    // The Tuesday's Forest School falls on it at the City Branch: cancelled, and said so.
    await closure.getByText('Forest School, Tue, Dec 9, 9:30 AM').waitFor();
    await axeWithoutToasts(page);
    expect(await fitsScreen(page)).toBe(true);
    await t.close();
  });

  it('changes and removes a date on a desktop, asking first', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms/settings/school-year');
    const year = page.getByRole('region', { name: 'School year 2031–32' });
    await year.getByText('Boiler repair').waitFor();
    await axeWithoutToasts(page);

    await year.getByRole('button', { name: 'Edit Boiler repair' }).click();
    const form = page.getByRole('form', { name: 'Change “Boiler repair”' });
    await expect.poll(() => form.getByLabel('First day').inputValue()).toBe('2031-12-09');
    await form.getByLabel('Name').fill('Boiler repair (moved)');
    await form.getByLabel('First day').fill('2031-12-16');
    await form.getByLabel('Last day').fill('2031-12-16');
    await form.getByRole('button', { name: 'Save' }).click();
    const closure = year.getByRole('listitem').filter({ hasText: 'Boiler repair (moved)' });
    await closure.getByText('Forest School, Tue, Dec 16, 9:30 AM').waitFor();

    await closure.getByRole('button', { name: 'Remove Boiler repair (moved)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this closure day?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => year.getByText('Boiler repair (moved)').count()).toBe(0);
    await year.getByText('No closure day this year.').waitFor();

    // The term keeps its half-term: removing it is refused in the dialog, which says why.
    await year.getByRole('button', { name: 'Remove Autumn term' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/“October half-term” .* would no longer lie within a term/)
      .waitFor();
    await page.keyboard.press('Escape');
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !/status of 409/.test(e))); // the refusal above
    await axeWithoutToasts(page);
    await t.close();
  });
});
