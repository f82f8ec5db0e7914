import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectNoAxeViolations,
  launchBrowser,
  openPage as openTestPage,
  PHONE,
  type TestPage,
} from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, E2E_SCHOOL_NAME, installSchool } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** A refused sign-in answers 401, which Chromium logs as a failed resource; that one is expected. */
function allowRefusedSignIn(t: TestPage) {
  const kept = t.errors.filter((e) => !/status of 401 \(Unauthorized\)/.test(e));
  t.errors.splice(0, t.errors.length, ...kept);
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/cms');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Toasts and drawers settle at once, so axe never measures a half-faded element. */
async function openPage(...args: Parameters<typeof openTestPage>) {
  const t = await openTestPage(...args);
  await t.page.emulateMedia({ reducedMotion: 'reduce' });
  return t;
}

describe.skipIf(chromiumMissingReason())('signing in to the back office', () => {
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

  it('sends a signed-out visitor of a guarded route to /, showing Loading... while the user loads', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await t.page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await t.page.goto('/cms/roles');
    await t.page.getByText('Loading...').waitFor();
    release();
    await t.page.waitForURL(`${server.url}/`);
    await t.page.unroute('**/api/auth/user');
    // The public page is loaded from the server (the back office's entry has none): the move to it
    // may come before the back office's page has finished loading.
    for (const path of ['/cms/events', '/cms/users', '/cms/category']) {
      await t.page.goto(path, { waitUntil: 'commit' });
      await t.page.waitForURL(`${server.url}/`);
    }
    await t.close();
  });

  it('shows the login screen, refuses a wrong password with the same message, then signs in (1280 px)', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await page.goto('/cms');
    await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    // The school's name replaces 'Sprout' once the school's profile has loaded.
    await expect.poll(() => page.getByText(E2E_SCHOOL_NAME).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Username is required').waitFor();

    await signIn(page, E2E_ADMIN.username, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
    await signIn(page, 'nobody-here', 'whatever-1');
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
    allowRefusedSignIn(t);

    // 'Logging In...' while the request is on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Logging In...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logging In...' }).isDisabled()).toBe(true);
    release();
    await page.getByText('Login successful!').waitFor();
    await page.unroute('**/api/auth/login');

    // The shell: sidebar with the school's name, breadcrumbs, the user, Log Out.
    const sidebar = page.getByRole('navigation', { name: 'Back office' });
    expect(await page.getByText(E2E_SCHOOL_NAME).isVisible()).toBe(true);
    for (const name of [
      'Dashboard',
      'Gallery',
      'Events',
      'Blog',
      'Admissions',
      'Enquiries',
      'Category',
      'Users',
      'Roles',
      'Permissions',
    ]) {
      expect(await sidebar.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    // The dashboard is an overview (issue 31): the administrator sees every part of it.
    expect(await breadcrumb.textContent()).toContain('Overview');
    for (const part of ['New enquiries', 'Next events', 'Drafts', 'Backups', 'Recent activity']) {
      await page.getByRole('heading', { name: part, level: 2 }).waitFor();
    }
    expect(await page.getByText('Administrator').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await sidebar.getByRole('link', { name: 'Events', exact: true }).click();
    await page.waitForURL(`${server.url}/cms/events`);
    await expect.poll(() => breadcrumb.textContent()).toMatch(/Dashboard.*Events/);
    const settings = sidebar.getByRole('button', { name: 'Settings' });
    expect(await settings.getAttribute('aria-expanded')).toBe('true');
    await settings.click();
    expect(await sidebar.getByRole('link', { name: 'Category' }).isVisible()).toBe(false);
    await settings.click();
    await sidebar.getByRole('link', { name: 'Category' }).click();
    await page.waitForURL(`${server.url}/cms/category`);
    await expect.poll(() => breadcrumb.textContent()).toContain('Category');
    await expectNoAxeViolations(page);

    // A reload keeps the session (database session, HttpOnly cookie).
    await page.reload();
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    const cookies = await t.context.cookies();
    expect(cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByText('Logout successful!').waitFor();
    await page.waitForURL(`${server.url}/`);
    await page.goto('/cms');
    await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await t.close();
  });

  it('opens the menu drawer with the hamburger and closes it when a link is chosen (375 px)', async () => {
    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Back office' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await drawer.getByText(E2E_SCHOOL_NAME).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await drawer.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(`${server.url}/cms/blog`);
    await drawer.waitFor({ state: 'detached' });
    expect(await hamburger.getAttribute('aria-expanded')).toBe('false');
    // Escape closes it too.
    await hamburger.click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await t.close();
  });

  it('changes the password with the dialog, which signs the user out everywhere and asks for a new sign-in', async () => {
    const other = await openPage(browser, server.url, DESKTOP);
    await signIn(other.page, E2E_ADMIN.username, E2E_ADMIN.password);
    await other.page.getByRole('button', { name: 'Log Out' }).waitFor();

    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    const submit = dialog.getByRole('button', { name: 'Change password' });
    await submit.click();
    await dialog.getByText('Please fill in all password fields').first().waitFor();
    await dialog.getByLabel('Current password').fill(E2E_ADMIN.password);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('shorter');
    await submit.click();
    await dialog.getByText('Passwords do not match').waitFor();
    await dialog.getByLabel('Confirm new password').fill('short');
    await submit.click();
    await dialog.getByText('Password must be at least 6 characters long').waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill('a-new-password-2');
    await dialog.getByLabel('Confirm new password').fill('a-new-password-2');
    await submit.click();
    await page.getByText('Password changed successfully!').waitFor();
    await page.getByText('Your password was changed. Please sign in with the new one.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    await t.close();

    // The other browser's session was revoked: its next load shows the sign-in screen.
    await other.page.reload();
    await other.page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await other.close();

    // Put the password back for the other tests.
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: E2E_ADMIN.username, password: 'a-new-password-2' }),
    });
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    await fetch(`${server.url}/api/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ currentPassword: 'a-new-password-2', newPassword: E2E_ADMIN.password }),
    });
  });
  it('asks for a new sign-in in place when the session ends while working', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    // Each move to another screen reads the user's permissions again: let that answer arrive first.
    const userRead = page.waitForResponse((r) => r.url().endsWith('/api/auth/user'));
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Events', exact: true }).click();
    await page.waitForURL(`${server.url}/cms/events`);
    await userRead;
    // The session is revoked elsewhere (here: signed out with the same cookie).
    const sid = (await t.context.cookies()).find((c) => c.name === 'sid')!.value;
    await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { cookie: `sid=${sid}` } });
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill(E2E_ADMIN.password);
    await dialog.getByLabel('New password', { exact: true }).fill('whatever-new-1');
    await dialog.getByLabel('Confirm new password').fill('whatever-new-1');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    expect(page.url()).toBe(`${server.url}/cms/events`);
    allowRefusedSignIn(t);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    expect(page.url()).toBe(`${server.url}/cms/events`);
    await t.close();
  });

  it('never writes a password or a password hash to the server log', () => {
    const logs = server.logs();
    expect(logs).toContain('/api/auth/login');
    for (const secret of [E2E_ADMIN.password, 'a-new-password-2', 'not-the-password']) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/\$argon2id\$/);
  });
});
