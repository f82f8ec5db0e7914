import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, axeWithoutToasts, launchBrowser, openPage as openTestPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

const TEACHER = { firstName: 'Asha', lastName: 'Rao', username: 'asha', email: 'asha@school.test', password: 'chalk-and-slate' };
/** Signed in before the requirement, and still signed in when it comes. */
const COOK = { firstName: 'Ravi', lastName: 'Menon', username: 'ravi', email: 'ravi@school.test', password: 'lunch-at-noon' };

/** What an authenticator app shows for the key, `steps` periods from now (a code is taken once). */
const codeFor = (key: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(key.replace(/\s/g, '')), timestamp: Date.now() + steps * 30_000 });

/** Toasts and dialogs settle at once, so axe never measures a half-faded element. */
async function openPage(...args: Parameters<typeof openTestPage>) {
  const t = await openTestPage(...args);
  await t.page.emulateMedia({ reducedMotion: 'reduce' });
  return t;
}

const axe = axeWithoutToasts;

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/cms');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Reads the setup key from the page (shown as text beside the QR code), whole at the page's width,
 * checks the link that opens the authenticator app on the same phone, confirms with a code, keeps
 * the recovery codes.
 */
async function finishSetup(page: Page, submit: string, done: string) {
  const keyField = page.getByLabel('Cannot scan? Type this setup key');
  const key = await keyField.inputValue();
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  // Issue 31: the key is never cut off, at 375 px either.
  const fits = await keyField.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
  expect(fits).toBe(true);
  const appLink = await page.getByRole('link', { name: 'Open in my authenticator app' }).getAttribute('href');
  expect(appLink).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(appLink!).searchParams.get('secret')).toBe(key.replace(/\s/g, ''));
  expect(await page.getByRole('img', { name: 'QR code to scan with an authenticator app' }).getAttribute('src')).toMatch(
    /^data:image\/svg\+xml/,
  );
  await page.getByLabel('Six-digit code').fill(codeFor(key));
  await page.getByRole('button', { name: submit }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  // Two clean-clone runs counted 0 here and none other has: if it happens again, the failure says
  // what the page showed instead (its accessibility tree), so the cause can be read from the log.
  try {
    await expect.poll(() => codes.getByRole('listitem').count(), { timeout: 10_000 }).toBe(10);
  } catch (error) {
    const shown = await page
      .locator('body')
      .ariaSnapshot()
      .catch((e: Error) => `(no snapshot: ${e.message})`);
    throw new Error(`${(error as Error).message}\nThe page showed:\n${shown}`, { cause: error });
  }
  return {
    key,
    keep: async () => {
      await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).click();
      await page.getByRole('button', { name: done }).click();
    },
  };
}

describe.skipIf(chromiumMissingReason())('two-factor sign-in, required by the school, seen in the audit log', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The admin's recovery codes and key, read from the page in the first test. */
  let recoveryCodes: string[] = [];
  let adminKey = '';
  let ravi: Awaited<ReturnType<typeof openPage>>;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const created = await fetch(`${server.url}/api/users/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...TEACHER, roleId: null, status: 'active' }),
    });
    expect(created.status).toBe(201);
    const cook = await fetch(`${server.url}/api/users/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...COOK, roleId: null, status: 'active' }),
    });
    expect(cook.status).toBe(201);
    ravi = await openPage(browser, server.url, PHONE);
    const signedIn = await ravi.page.request.post(`${server.url}/api/auth/login`, {
      data: { username: COOK.username, password: COOK.password },
    });
    expect(signedIn.status()).toBe(200);
  });
  afterAll(async () => {
    await ravi?.close();
    await browser?.close();
    await server?.stop();
  });

  it('an admin sets up two-factor from Account security, signs out, and signs in with a generated code (1280 px)', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.getByRole('link', { name: 'Account security' }).click();
    await page.getByRole('heading', { name: 'Account security', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Sessions' }).getByText('This device').waitFor();
    await axe(page);

    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await dialog.getByLabel('Current password').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Six-digit code').waitFor();
    await axe(page);
    const { key, keep } = await finishSetup(page, 'Turn on two-factor sign-in', 'Done');
    adminKey = key.replace(/\s/g, '');
    recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    await axe(page);
    await keep();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('10 of 10 recovery codes left.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${server.url}/`);
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await axe(page);
    // The code used to turn it on was taken: the app's next code signs in.
    await page.getByLabel('Six-digit code').fill(codeFor(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    await t.close();
  });

  it('an admin requires it for all staff; a teacher is led through setup at the next sign-in; both show in the audit log', async () => {
    const admin = await openPage(browser, server.url, DESKTOP);
    // The admin's phone is "lost": a recovery code from the first test signs in, once.
    await signIn(admin.page, E2E_ADMIN.username, E2E_ADMIN.password);
    await admin.page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await admin.page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await admin.page.getByRole('button', { name: 'Verify' }).click();
    await admin.page.getByRole('button', { name: 'Log Out' }).waitFor();

    const sidebar = admin.page.getByRole('navigation', { name: 'Back office' });
    await sidebar.getByRole('link', { name: 'Security' }).click();
    await admin.page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await axe(admin.page);
    await admin.page.getByLabel('Required for all staff').check();
    await admin.page.getByRole('button', { name: 'Save requirement' }).click();
    await admin.page.getByText('Two-factor requirement saved').first().waitFor();

    const teacher = await openPage(browser, server.url, PHONE);
    await signIn(teacher.page, TEACHER.username, TEACHER.password);
    await teacher.page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await teacher.page.getByText('Your school asks every sign-in for a second step').waitFor();
    await teacher.page.getByLabel('Six-digit code').waitFor();
    await axe(teacher.page);
    // Copy key puts the key, without its spaces, on the clipboard.
    await teacher.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await teacher.page.getByRole('button', { name: 'Copy key' }).click();
    await teacher.page.locator('[data-sonner-toast]').filter({ hasText: 'Setup key copied' }).first().waitFor();
    const shown = await teacher.page.getByLabel('Cannot scan? Type this setup key').inputValue();
    expect(await teacher.page.evaluate(() => navigator.clipboard.readText())).toBe(shown.replace(/\s/g, ''));
    const { keep } = await finishSetup(teacher.page, 'Turn on and sign in', 'Continue to the back office');
    await axe(teacher.page);
    await keep();
    await teacher.page.getByRole('button', { name: 'Log Out' }).waitFor();
    await teacher.page.getByRole('link', { name: 'Account security' }).click();
    await teacher.page.getByText('Your school requires two-factor sign-in, so it stays on.').waitFor();
    await axe(teacher.page);
    await teacher.close();

    // The audit log: every step of both, filtered by person.
    await sidebar.getByRole('link', { name: 'Audit log' }).click();
    await admin.page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const entries = admin.page.getByRole('list', { name: 'Audit entries' });
    // Each entry says what happened in words (issue 31), beside its kind.
    await entries.getByText('Required two-factor sign-in of all staff').first().waitFor();
    await entries.getByText('Turned on two-factor sign-in').first().waitFor();
    for (const text of ['Recovery code used', 'Two-factor turned on', 'Signed in', 'Signed out']) {
      expect(await entries.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    await axe(admin.page);
    await admin.page.getByLabel('User').selectOption({ label: 'Asha Rao (@asha)' });
    await expect.poll(() => entries.getByText('@admin', { exact: false }).count()).toBe(0);
    expect(await entries.getByText('@asha', { exact: false }).count()).toBeGreaterThan(1);
    expect(await entries.getByText('Two-factor turned on', { exact: true }).count()).toBe(1);
    expect(await admin.page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(
      /^\/api\/audit\/export\?userId=\d+$/,
    );

    await admin.page.setViewportSize(PHONE);
    await axe(admin.page);
    await admin.page.goto('/cms/settings/security');
    await admin.page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await axe(admin.page);
    await admin.page.goto('/cms/account');
    await admin.page.getByText('9 of 10 recovery codes left.', { exact: false }).waitFor();
    await axe(admin.page);
    await admin.close();
  });

  it('leads staff who were signed in before the requirement to set it up at their next page, and the back office is closed until then', async () => {
    const { page } = ravi;
    await page.goto('/cms/events');
    await page.getByRole('heading', { name: 'Set up two-factor sign-in to continue' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Events', level: 1 }).count()).toBe(0);
    await axe(page);
    const refused = await page.request.post(`${server.url}/api/categories`, { data: { name: 'Before setting it up' } });
    expect(refused.status()).toBe(403);
    const refusal = (await refused.json()) as { error: string; code: string };
    expect(refusal).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });
    expect(refusal.error).toMatch(/requires two-factor sign-in/);

    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await dialog.getByLabel('Current password').fill(COOK.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Six-digit code').waitFor();
    const { keep } = await finishSetup(page, 'Turn on two-factor sign-in', 'Done');
    await keep();
    await dialog.waitFor({ state: 'detached' });
    // The page they were on comes back: this account has no role, so it says plainly that Events is not theirs.
    await page.getByRole('heading', { name: 'You do not have access to this page', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Set up two-factor sign-in to continue' }).count()).toBe(0);
    await axe(page);
    await page.setViewportSize(DESKTOP);
    await axe(page);
    // What is left is the account's own permissions (none were given to this one), not the requirement.
    const after = await page.request.post(`${server.url}/api/categories`, { data: { name: 'After setting it up' } });
    expect(((await after.json()) as { code?: string }).code).not.toBe('TWO_FACTOR_SETUP_REQUIRED');
    const me = (await (await page.request.get(`${server.url}/api/auth/user`)).json()) as { user: { twoFactorSetupDue: boolean } };
    expect(me.user.twoFactorSetupDue).toBe(false);
  });

  it('never writes a setup key or a recovery code to the server log', () => {
    const logs = server.logs();
    expect(logs).toContain('/api/auth/two-factor/verify');
    expect(adminKey).toMatch(/^[A-Z2-7]{32}$/);
    for (const secret of [adminKey, ...recoveryCodes]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/otpauth:\/\//);
  });
});
