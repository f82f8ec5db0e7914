import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { startSmtpSink } from './support/cluster.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Issue 31 item 24: "Forgot password?" on the staff sign-in, a link by e-mail, a new password.
const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

describe.skipIf(chromiumMissingReason())('a member of staff who forgot their password', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: smtp.url } }), launchBrowser()]);
    await installSchool(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it('asks for a link at 1280 px and chooses a new password from it at 375 px', async () => {
    const desk = await openPage(browser, server.url, DESKTOP);
    await desk.page.goto('/cms');
    await desk.page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect.poll(() => visible(desk.page, 'Choose a new password')).toBe(true);
    await desk.page.getByLabel('E-mail').fill('not an address');
    await desk.page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => visible(desk.page, 'Enter a valid e-mail address')).toBe(true);
    await expectNoAxeViolations(desk.page);
    await desk.page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await desk.page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => visible(desk.page, /a link to choose a new password is on its way/)).toBe(true);
    await desk.close();

    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const mail = await simpleParser(smtp.received[0]!.raw);
    const link = /https?:\/\/\S+\/cms\/reset-password#\S+/.exec(mail.text ?? '')![0];

    const phone = await openPage(browser, server.url, PHONE);
    await phone.page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await expect.poll(() => phone.page.getByLabel('New password', { exact: true }).isVisible()).toBe(true);
    // The token leaves the address bar once read.
    expect(new URL(phone.page.url()).hash).toBe('');
    await phone.page.getByLabel('New password', { exact: true }).fill('otter-meadow-lantern');
    await phone.page.getByLabel('Confirm new password').fill('otter-meadow-lanterns');
    await phone.page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => visible(phone.page, /do not match|match/i)).toBe(true);
    await expectNoAxeViolations(phone.page);
    await phone.page.getByLabel('Confirm new password').fill('otter-meadow-lantern');
    await phone.page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => visible(phone.page, 'Your password is changed. Sign in with it.')).toBe(true);
    await expectNoAxeViolations(phone.page);

    await phone.page.getByRole('link', { name: 'Go to sign in' }).click();
    await phone.page.getByLabel('Username').fill(E2E_ADMIN.username);
    await phone.page.getByLabel('Password').fill('otter-meadow-lantern');
    await phone.page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => phone.page.getByRole('navigation').first().isVisible(), { timeout: 15_000 }).toBe(true);

    // The same link a second time: it was used.
    const again = await openPage(browser, server.url, PHONE);
    await again.page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await expect.poll(() => visible(again.page, /expired or was already used/)).toBe(true);
    await again.close();
    await phone.close();
  }, 120_000);
});
