import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Family } from '../src/shared/schemas/family.ts';
import type { Notice } from '../src/shared/schemas/notice.ts';
import { DESKTOP, axeWithoutToasts, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { startSmtpSink } from './support/cluster.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, E2E_BRANCHES, installSchool, signInAsAdmin } from './support/install.ts';
import { login } from './support/public-content.ts';
import { staffCall } from './support/staff-api.ts';
import { startServer, type RunningServer } from './support/server.ts';

/*
 * Issue 33, "Sending that a school can trust": staff see a mailing's progress and the addresses it
 * failed for with the mail server's reason, retry them, send a test to themselves, set the rate and
 * see the domain check; without SMTP the screen says why nothing can be sent.
 */
const BOUNCING = 'gone.parent@example.com';

describe.skipIf(chromiumMissingReason())('the Mailings screen (issue 33)', () => {
  let server: RunningServer;
  let bare: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailingId: number;

  beforeAll(async () => {
    smtp = await startSmtpSink({ refuse: [BOUNCING] });
    [server, bare, browser] = await Promise.all([
      startServer({ env: { SMTP_URL: smtp.url, SPROUT_MAILING_RETRY_MS: '100', SPROUT_MAILING_ATTEMPTS: '2' } }),
      startServer(),
      launchBrowser(),
    ]);
    await Promise.all([installSchool(server), installSchool(bare)]);
    const cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
    const call = <T>(method: string, path: string, body?: unknown) => staffCall<T>(server.url, cookie, method, path, body);
    for (const [name, email] of [
      ['Rao', 'rao.parent@example.com'],
      ['Khan', 'khan.parent@example.com'],
      ['Gone', BOUNCING],
    ]) {
      await call<Family>('POST', '/api/families', {
        name,
        contacts: [{ name: `${name} parent`, email }],
        children: [{ firstName: name, birthDate: '2022-05-01', branch: E2E_BRANCHES[0]!.name, programme: 'kindergarten' }],
      });
    }
    const notice = await call<Notice>('POST', '/api/notices', {
      title: 'Closed today: snow',
      body: 'The whole school is closed today because of snow.',
      urgency: 'closure',
      audience: 'families',
      published: true,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    mailingId = (await call<{ mailingId: number }>('POST', `/api/notices/${notice.id}/email`, {})).mailingId;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), bare?.stop()]);
    await smtp?.stop();
  });

  it('shows progress and failures, retries the failed ones and sends a test to oneself', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms');
    await page.getByRole('navigation').getByRole('link', { name: 'Mailings' }).click();
    await page.getByRole('heading', { name: 'Mailings', level: 1 }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: 'Closed today: snow' });
    await expect.poll(() => row.getByText(/sent/).textContent(), { timeout: 15_000 }).toBe('2 sent · 1 failed');
    await row.getByText('Done, some failed').waitFor();
    await expectNoAxeViolations(page);

    // The rate, by keyboard.
    const rate = page.getByLabel('Messages a minute');
    await rate.fill('90');
    await rate.press('Enter');
    await page.getByText('Sending rate saved').waitFor();
    // The example school's domain is not one to look up.
    await page.getByText(/is not a domain on the internet/).waitFor();

    await row.getByRole('link', { name: 'Closed today: snow' }).click();
    await page.getByRole('heading', { name: 'Closed today: snow', level: 1 }).waitFor();
    const failures = page.getByRole('table', { name: /failed for/ });
    await failures.getByRole('cell', { name: BOUNCING, exact: true }).waitFor();
    expect(await failures.getByRole('cell', { name: /^550 .*User unknown/ }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Retry failed' }).click();
    await page.getByText('1 address will be tried again').waitFor();
    // Refused again, with the same reason.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'sent' }).textContent(), { timeout: 15_000 })
      .toBe('2 sent · 1 failed');

    const before = smtp.received.length;
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText(`Test sent to ${E2E_ADMIN.email}`).waitFor();
    const test = await simpleParser(smtp.received[before]!.raw);
    expect(test.subject).toBe('[Test] Closed today: snow');
    expect([test.to].flat()[0]?.value[0]?.address).toBe(E2E_ADMIN.email);
    await axeWithoutToasts(page);
    expect(mailingId).toBeGreaterThan(0);
    await t.close();
  }, 60_000);

  it('says on a phone, without SMTP, that nothing can be sent and why', async () => {
    const t = await openPage(browser, bare.url, PHONE);
    const { page } = t;
    await signInAsAdmin(page, bare);
    await page.goto('/cms/notices/mailings');
    const alert = page.getByRole('alert').filter({ hasText: 'E-mail is not configured' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('SMTP_URL');
    await page.getByText('Nothing has been e-mailed yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Send a test e-mail to me' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await t.close();
  }, 60_000);
});
