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
import { installSchool, signInAsAdmin } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

const TEACHER = { firstName: 'Asha', lastName: 'Rao', username: 'asha', email: 'asha@school.test', password: 'chalk-and-slate' };
const TEACHER_NAME = `${TEACHER.firstName} ${TEACHER.lastName}`;

/** Toasts and dialogs settle at once, so axe never measures a half-faded element. */
async function openPage(...args: Parameters<typeof openTestPage>) {
  const t = await openTestPage(...args);
  await t.page.emulateMedia({ reducedMotion: 'reduce' });
  return t;
}

/** Refusals the test provokes on purpose (403 before access is given, 401 after deactivation). */
function allowRefusals(t: TestPage) {
  const kept = t.errors.filter((e) => !/status of (401|403)/.test(e));
  t.errors.splice(0, t.errors.length, ...kept);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

/** Axe once the toasts (fading in and out) are gone. */
async function axe(page: Page) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
  await expectNoAxeViolations(page);
}

describe.skipIf(chromiumMissingReason())('staff administration: users, roles and per-user permissions', () => {
  let server: RunningServer;
  let browser: Browser;
  let eventId: number;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    // An event for the teacher to (not) delete, made through the API as the administrator.
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    expect((await post('/api/categories', { name: 'Celebration' })).status).toBe(201);
    const created = await post('/api/events', {
      title: 'Annual Day',
      description: 'Songs and dances by every class.',
      category: 'Celebration',
      location: 'Main Branch Hall',
      start_date: '2030-02-10T04:00:00.000Z',
      end_date: null,
      cover_image: null,
      status: 'upcoming',
      gallery_id: null,
    });
    expect(created.status).toBe(201);
    eventId = ((await created.json()) as { data: { id: number } }).data.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('gives a custom role, widens one user at once, and ends a deactivated user’s session', async () => {
    const admin = await openPage(browser, server.url, DESKTOP);
    const a = admin.page;
    await signInAsAdmin(a, server);

    // A custom role "Class teacher": blog read and write only; its identifier comes from its name.
    await a.goto('/cms/roles');
    await a.getByRole('article', { name: 'Administrator' }).waitFor();
    await a.getByRole('button', { name: 'Add Role' }).click();
    const roleDialog = a.getByRole('dialog', { name: 'Create New Role' });
    await roleDialog.getByLabel('Name', { exact: true }).fill('Class teacher');
    await roleDialog.getByText('Identifier: class_teacher').waitFor();
    await roleDialog.getByLabel('Description').fill('Writes the blog');
    await roleDialog.getByRole('checkbox', { name: 'Blog: read' }).click();
    await roleDialog.getByRole('checkbox', { name: 'Blog: write' }).click();
    // §9's modules the website does not use are there, folded away until asked for.
    const others = roleDialog.getByRole('button', { name: /Other modules \(not used by the website\)/ });
    expect(await others.getAttribute('aria-expanded')).toBe('false');
    expect(await roleDialog.getByRole('checkbox', { name: 'Deals: read' }).isVisible()).toBe(false);
    await others.click();
    await roleDialog.getByRole('checkbox', { name: 'Deals: read' }).waitFor();
    await axe(a);
    await others.click();
    await roleDialog.getByRole('button', { name: 'Create Role' }).click();
    await toast(a, 'Role added');
    const teacherCard = a.getByRole('article', { name: 'Class teacher' });
    await teacherCard.getByText('Custom').waitFor();
    await teacherCard.getByText('0 users').waitFor();
    // A system role explains why it stays.
    await a.getByRole('button', { name: 'Delete Administrator' }).click();
    await a.getByRole('dialog', { name: 'Cannot Delete' }).getByText('System roles cannot be deleted').waitFor();
    await a.keyboard.press('Escape');

    // A user with that role.
    await a.goto('/cms/users');
    await a.getByRole('button', { name: 'Add User' }).click();
    const userDialog = a.getByRole('dialog', { name: 'Create New User' });
    await userDialog.getByLabel('First name').fill(TEACHER.firstName);
    await userDialog.getByLabel('Last name').fill(TEACHER.lastName);
    await userDialog.getByLabel('Username').fill(TEACHER.username);
    await userDialog.getByLabel('E-mail').fill(TEACHER.email);
    await userDialog.getByLabel('Password', { exact: true }).fill(TEACHER.password);
    await userDialog.getByLabel('Confirm password').fill(TEACHER.password);
    await userDialog.getByLabel('Role').selectOption({ label: 'Class teacher' });
    await axe(a);
    await userDialog.getByRole('button', { name: 'Create User' }).click();
    await toast(a, 'Added user successfully');
    const card = a.getByRole('article', { name: TEACHER_NAME });
    await card.getByText('Class teacher').waitFor();
    expect(await card.getByText('Limited').isVisible()).toBe(true);
    expect(await card.getByText('Last login: Never').isVisible()).toBe(true);

    // The teacher signs in (own browser context) and lands on the dashboard: the drafts, all they may read of it.
    const teacher = await openPage(browser, server.url, PHONE);
    const t = teacher.page;
    await t.goto('/cms');
    await t.getByLabel('Username').fill(TEACHER.username);
    await t.getByLabel('Password').fill(TEACHER.password);
    await t.getByRole('button', { name: 'Log In' }).click();
    await t.getByRole('heading', { name: 'Drafts', level: 2 }).waitFor();
    expect(new URL(t.url()).pathname).toBe('/cms');
    for (const part of ['New enquiries', 'Next events', 'Backups', 'Recent activity']) {
      expect(await t.getByRole('heading', { name: part }).count(), part).toBe(0);
    }
    await t.getByRole('button', { name: 'Open menu' }).click();
    const menu = t.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Blog' }).waitFor();
    for (const hidden of ['Users', 'Roles', 'Permissions', 'Events']) {
      expect(await menu.getByRole('link', { name: hidden }).count(), hidden).toBe(0);
    }
    await menu.getByRole('link', { name: 'Blog' }).click();
    await t.waitForURL(`${server.url}/cms/blog`);

    // ... writes a post ...
    await t.getByLabel('Title').fill('Our class garden');
    await t.getByRole('textbox', { name: 'Content' }).click();
    await t.keyboard.type('The children planted sunflowers.');
    await t.getByRole('button', { name: 'Publish' }).click();
    await t.getByText('Posts (1)').waitFor();
    // ... which has no Delete for them (blog: delete is not theirs).
    expect(await t.getByRole('button', { name: 'Delete Our class garden' }).count()).toBe(0);
    await t.getByRole('link', { name: 'View Our class garden', exact: true }).click();
    await t.getByRole('heading', { name: 'Our class garden', level: 1 }).waitFor();
    await t.getByText('The children planted sunflowers.').waitFor();

    // ... may not open the events (not in their menu: events are not theirs), and the API refuses the delete anyway.
    await t.goto('/cms/events');
    await t.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await t.getByText('Opening Events needs the “Events” permission.', { exact: false }).waitFor();
    expect(await t.getByRole('heading', { name: 'Annual Day' }).count()).toBe(0);
    const refused = await t.request.delete(`${server.url}/api/events/${eventId}`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Needs events: delete');

    // The administrator widens the teacher's permissions from the matrix.
    await a.goto('/cms/permissions');
    await a.getByRole('button', { name: `Edit permissions of ${TEACHER_NAME}` }).click();
    const permissions = a.getByRole('dialog', { name: `Edit Permissions: ${TEACHER_NAME}` });
    await permissions.getByRole('checkbox', { name: 'Blog: write' }).waitFor();
    expect(await permissions.getByRole('checkbox', { name: 'Blog: write' }).getAttribute('aria-checked')).toBe('true');
    await permissions.getByRole('checkbox', { name: 'Events: delete' }).click();
    // Choosing Delete switched the module on.
    expect(await permissions.getByRole('switch', { name: 'Events access' }).getAttribute('aria-checked')).toBe('true');
    await permissions.getByRole('checkbox', { name: 'Events: read' }).click();
    await axe(a);
    await permissions.getByRole('button', { name: 'Save Permissions' }).click();
    await toast(a, 'User permission updated successfully');
    await a
      .getByRole('row', { name: new RegExp(TEACHER_NAME) })
      .getByText('read, delete')
      .waitFor();

    // Without signing in again, the teacher's next screen has the Delete, and the delete succeeds.
    await t.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Blog' }).click();
    await t.getByText('Posts (1)').waitFor();
    await t.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Events' }).click();
    await t.getByRole('button', { name: 'Delete Annual Day' }).click();
    await t.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await t.getByText('No events yet').waitFor();

    // Deactivated: the teacher's next request is refused and the login screen says why.
    await a.goto('/cms/users');
    await card.getByRole('button', { name: `Actions for ${TEACHER_NAME}` }).click();
    await a.getByRole('menuitem', { name: 'Edit Details' }).click();
    const edit = a.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Status').selectOption('inactive');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(a, 'User updated successfully');
    await card.getByText('Inactive').waitFor();
    const after = await t.request.post(`${server.url}/api/posts`, {
      multipart: { title: 'x', slug: 'x', content: '<p>x</p>', status: 'draft' },
    });
    expect(after.status()).toBe(401);
    await t.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Blog' }).click();
    await t.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await t.getByText('Your session has ended. Please sign in again.').waitFor();

    allowRefusals(teacher);
    await teacher.close();
    await admin.close();
  }, 240_000);

  it('refuses to delete oneself and checks the administrator’s password change', async () => {
    const admin = await openPage(browser, server.url, DESKTOP);
    const a = admin.page;
    await signInAsAdmin(a, server);
    await a.goto('/cms/users');
    await a
      .getByRole('button', { name: /^Actions for / })
      .first()
      .waitFor();
    // The administrator's own card: Delete is there but disabled.
    const own = a.getByRole('article').filter({ hasText: 'admin@school.test' });
    await own.getByRole('button', { name: /^Actions for / }).click();
    expect(await a.getByRole('menuitem', { name: /Delete/ }).getAttribute('aria-disabled')).toBe('true');
    await a.keyboard.press('Escape');

    await a
      .getByRole('article', { name: TEACHER_NAME })
      .getByRole('button', { name: `Actions for ${TEACHER_NAME}` })
      .click();
    await a.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = a.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Please fill in all password fields').waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('other');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Passwords do not match').waitFor();
    await dialog.getByLabel('Confirm new password').fill('short');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Password must be at least 6 characters long').waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill('a-new-password');
    await dialog.getByLabel('Confirm new password').fill('a-new-password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(a, 'User password updated successfully');
    await admin.close();
  });

  it('gives a teacher with the built-in User role the website’s screens and, of Administration, only the school year (issues 29, 34)', async () => {
    const admin = await openPage(browser, server.url, DESKTOP);
    const a = admin.page;
    await signInAsAdmin(a, server);
    // The built-in roles' grids show their fixed sets, locked.
    await a.goto('/cms/roles');
    await a.getByRole('button', { name: 'Edit Manager' }).click();
    const manager = a.getByRole('dialog', { name: 'Edit Role' });
    const box = (name: string) => manager.getByRole('checkbox', { name });
    await box('Leads (enquiries): delete').waitFor();
    for (const on of ['Leads (enquiries): delete', 'Events: delete'])
      expect(await box(on).getAttribute('aria-checked'), on).toBe('true');
    for (const off of ['Users and roles: read', 'Settings: write'])
      expect(await box(off).getAttribute('aria-checked'), off).toBe('false');
    expect(await box('Events: delete').isDisabled()).toBe(true);
    await a.keyboard.press('Escape');

    const { data } = (await (await a.request.get(`${server.url}/api/roles/get`)).json()) as {
      data: Array<{ id: number; name: string }>;
    };
    const created = await a.request.post(`${server.url}/api/users/create`, {
      data: {
        firstName: 'Meera',
        lastName: 'Iyer',
        username: 'meera',
        email: 'meera@school.test',
        password: 'chalk-and-slate',
        roleId: data.find((r) => r.name === 'user')!.id,
      },
    });
    expect(created.status()).toBe(201);

    const teacher = await openPage(browser, server.url, PHONE);
    const t = teacher.page;
    await t.goto('/cms');
    await t.getByLabel('Username').fill('meera');
    await t.getByLabel('Password').fill('chalk-and-slate');
    await t.getByRole('button', { name: 'Log In' }).click();
    await t.waitForURL(`${server.url}/cms`);
    await t.getByRole('button', { name: 'Open menu' }).click();
    const menu = t.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Blog' }).waitFor();
    for (const shown of ['Gallery', 'Events']) expect(await menu.getByRole('link', { name: shown }).count(), shown).toBe(1);
    for (const hidden of ['Enquiries', 'Users', 'Roles', 'Permissions', 'Audit log', 'Category', 'Backups']) {
      expect(await menu.getByRole('link', { name: hidden }).count(), hidden).toBe(0);
    }
    // Issue 34: the terms and closures the events follow are theirs to keep, under Settings.
    expect(await menu.getByRole('link', { name: 'School year' }).count()).toBe(1);
    await t.keyboard.press('Escape');
    // The dashboard shows the User role what it reads: the next events and the drafts, not the enquiries,
    // the backups or the audit log.
    await t.getByRole('heading', { name: 'Next events', level: 2 }).waitFor();
    await t.getByRole('heading', { name: 'Drafts', level: 2 }).waitFor();
    for (const part of ['New enquiries', 'Backups', 'Recent activity']) {
      expect(await t.getByRole('heading', { name: part }).count(), part).toBe(0);
    }
    await axe(t);

    // An address the menu does not offer, opened directly, says plainly that it is not theirs, and
    // the screen is not drawn: no request refused (403) in the console, no toast, no Export CSV.
    const refusals: string[] = [];
    t.on('response', (response) => {
      if (response.status() === 403) refusals.push(response.url());
    });
    for (const [path, needs] of [
      ['/cms/users', 'Opening Users needs the “Users and roles” permission. Ask an administrator if you need it.'],
      ['/cms/audit', 'Opening Audit log needs the “Users and roles” permission. Ask an administrator if you need it.'],
    ] as const) {
      await t.goto(path);
      await t.getByRole('heading', { name: 'You do not have access to this page', level: 1 }).waitFor();
      await t.getByText(needs).waitFor();
      expect(await t.getByText(/Needs users/).count(), path).toBe(0);
      expect(await t.getByText('Export CSV').count(), path).toBe(0);
      await axe(t);
    }
    // ... and leads back to the dashboard.
    await t.getByRole('link', { name: 'Back to the dashboard' }).click();
    await t.getByRole('heading', { name: 'You do not have access to this page' }).waitFor({ state: 'detached' });
    expect(t.url()).toBe(`${server.url}/cms`);
    expect(refusals).toEqual([]);

    expect((await t.request.get(`${server.url}/api/backups`)).status()).toBe(403);
    expect((await t.request.get(`${server.url}/api/auth/users`)).status()).toBe(403);
    await teacher.close();
    await admin.close();
  }, 120_000);

  it('shows the dashboard and the three screens without axe findings at 375 and 1280 px', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const admin = await openPage(browser, server.url, viewport);
      const a = admin.page;
      await signInAsAdmin(a, server);
      for (const [path, ready] of [
        ['/cms', () => a.getByRole('heading', { name: 'Recent activity', level: 2 }).waitFor()],
        ['/cms/users', () => a.getByRole('article', { name: TEACHER_NAME }).waitFor()],
        ['/cms/roles', () => a.getByRole('article', { name: 'Class teacher' }).waitFor()],
        [
          '/cms/permissions',
          () =>
            a
              .getByText('Permission stats')
              .waitFor()
              .then(() => a.getByText('Admin users').waitFor()),
        ],
      ] as const) {
        await a.goto(path);
        await ready();
        expect(await a.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(viewport.width);
        await axe(a);
      }
      await admin.close();
    }
  });
});
