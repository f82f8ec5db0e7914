import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, axeWithoutToasts, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { startSmtpSink } from './support/cluster.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_BRANCHES, installSchool, signInAsAdmin } from './support/install.ts';
import { gotoReady } from './support/public-content.ts';
import { startServer, type RunningServer } from './support/server.ts';

/*
 * Issue 33, "Done when" 1: a parent subscribes from the footer of the public site, on a phone and
 * on a desktop, is told what to fix, then to check their inbox, and confirms with the e-mailed link;
 * then staff publish a post ticked to be e-mailed, and it reaches the parent.
 */
const [, CITY] = E2E_BRANCHES.map((b) => b.name) as [string, string];

describe.skipIf(chromiumMissingReason())('subscribing to the newsletter (issue 33)', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startServer({ env: { SMTP_URL: smtp.url, SPROUT_MIN_FILL_MS: '0' } }),
      launchBrowser(),
    ]);
    await installSchool(server);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  /** The messages to `to` that arrived so far. */
  const mailsTo = async (to: string) =>
    (await Promise.all(smtp.received.map((m) => simpleParser(m.raw)))).filter((m) =>
      [m.to].flat().some((a) => a?.value.some((v) => v.address === to)),
    );

  /** The confirmation link e-mailed to `to`, once it has arrived. */
  async function confirmationLinkFor(to: string) {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const texts = (await mailsTo(to)).map((m) => m.text ?? '').join('\n');
          link = /https?:\/\/\S+\/newsletter\/confirm\?t=[\w.-]+/.exec(texts)?.[0];
          return Boolean(link);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    return new URL(link!);
  }

  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])(
    'subscribes from the footer on %s, says what to fix, then to check the inbox, and confirms',
    async (_name, viewport) => {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await gotoReady(page, '/');
      const form = page.getByRole('form', { name: 'Our newsletter' });
      await form.scrollIntoViewIfNeeded();
      await form.getByRole('button', { name: 'Subscribe' }).click();
      const field = form.getByLabel('Your e-mail address');
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      expect(await form.getByText('Your e-mail address is required.').first().isVisible()).toBe(true);
      await expectNoAxeViolations(page);

      const email = `parent-${viewport.width}@example.com`;
      await field.fill(email);
      await form.getByLabel('Branch').selectOption(CITY);
      await form.getByLabel('Coming events').uncheck();
      await form.getByRole('button', { name: 'Subscribe' }).click();
      const done = form.getByRole('status');
      await expect.poll(() => done.textContent(), { timeout: 10_000 }).toContain('Check your inbox to confirm');
      expect(await field.inputValue()).toBe('');
      await expectNoAxeViolations(page);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      const link = await confirmationLinkFor(email);
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: 'Confirm your subscription', level: 1 }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Yes, subscribe me' }).click();
      await page.getByRole('heading', { name: 'You’re subscribed', level: 1 }).waitFor();
      expect(await page.getByText(`News and blog posts, for ${CITY}`).isVisible()).toBe(true);
      await expectNoAxeViolations(page);

      // The blog has its own form, named apart from the footer's.
      await gotoReady(page, '/blog');
      expect(await page.getByRole('form', { name: 'Get new posts by e-mail' }).isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await t.close();
    },
    60_000,
  );

  it('e-mails a post that staff publish with the box ticked to the confirmed subscriber, and lists them', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto('/cms/blog');
    await page.getByLabel('Title').fill('Pumpkins in the garden');
    await page.getByLabel('Excerpt').fill('The children grew three.');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Come and see them.');
    await page.getByLabel('E-mail this post to newsletter subscribers').check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => page.getByText(/^E-mailing the post to \d+ subscribers?$/).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(async () => (await mailsTo(`parent-${DESKTOP.width}@example.com`)).map((m) => m.subject), { timeout: 15_000 })
      .toContain('Pumpkins in the garden');
    await axeWithoutToasts(page);

    await page.goto('/cms/notices/newsletter');
    const list = page.getByRole('list', { name: 'Subscribers' });
    await list.getByText(`parent-${DESKTOP.width}@example.com`).waitFor();
    expect(await list.getByText('Subscribed').count()).toBeGreaterThanOrEqual(2);
    await page.getByLabel('Send the weekly digest').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(/^Next digest: /).isVisible()).toBe(true);
    await axeWithoutToasts(page);
    await t.close();
  }, 60_000);
});
