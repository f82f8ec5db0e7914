import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { installSchool, signInAsAdmin } from './support/install.ts';
import { gotoReady, waitReady } from './support/public-content.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Both forms from a parent's browser, with their errors, reach the school: stored, e-mailed through
// a local SMTP catcher, and shown in the back office's Enquiries inbox.
describe.skipIf(chromiumMissingReason())('enquiries from the website', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: SMTPServer;
  const mails: string[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => (mails.push(raw), callback()));
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    [server, browser] = await Promise.all([
      startServer({ env: { SMTP_URL: smtpUrl, SPROUT_MIN_FILL_MS: '0' } }),
      launchBrowser(),
    ]);
    await installSchool(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('keeps the admission draft across a reload, says what to fix, then confirms', async () => {
    const t = await openPage(browser, server.url, PHONE);
    await gotoReady(t.page, '/admission');
    const form = t.page.getByRole('form', { name: 'Admission form' });
    await form.getByLabel("Child's full name").fill('Aarav Sharma');
    await form.getByLabel("Father's name").fill('Rohit Sharma');
    await form.getByLabel('E-mail').fill('rohit@example');
    await t.page.reload();
    await waitReady(t.page);
    await expect.poll(() => form.getByLabel("Child's full name").inputValue()).toBe('Aarav Sharma');
    expect(await form.getByLabel('E-mail').inputValue()).toBe('rohit@example');

    await form.getByRole('button', { name: 'Submit Application' }).click();
    expect(await form.getByRole('alert').textContent()).toContain('Please fix the highlighted fields');
    const phone = form.getByLabel('Phone');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByText('Phone is required.').isVisible()).toBe(true);
    await expectNoAxeViolations(t.page);

    await phone.fill('+91 98765 00000');
    await form.getByLabel('Date of birth').fill('2022-04-12');
    await form.getByLabel('Admission date').fill('2027-04-01');
    await form.getByLabel('Department').selectOption({ label: 'Nursery (3-4 yrs)' });
    await form.getByLabel('Address').fill('7 Rose Street, Green Park');
    // The server refuses the e-mail address; what the parent typed stays.
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => form.getByText('Enter a valid e-mail address', { exact: false }).isVisible()).toBe(true);
    expect(await form.getByLabel('Address').inputValue()).toBe('7 Rose Street, Green Park');

    await form.getByLabel('E-mail').fill('rohit@example.com');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => t.page.getByText('Form submitted! We will contact you soon.').isVisible()).toBe(true);
    await expectNoAxeViolations(t.page);
    await t.page.reload();
    await waitReady(t.page);
    expect(await t.page.getByText('Form submitted!').count()).toBe(0);
    expect(await form.getByLabel("Child's full name").inputValue()).toBe('');
    await t.close();
  });

  it('sends a contact message, shows Message Sent! and closes it by the icon or Close', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    await gotoReady(t.page, '/contact');
    const form = t.page.getByRole('form', { name: 'Contact form' });
    expect(await form.getByText('* This field is required').count()).toBe(3);
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByText('Message is required.').isVisible()).toBe(true);
    expect(await form.getByLabel('Your Message').getAttribute('aria-describedby')).toBeTruthy();

    await form.getByLabel('Your Name').fill('Meera');
    await form.getByLabel('Your Email').fill('meera@example.com');
    await form.getByLabel('Your Message').fill('Do you run a summer camp?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Message Sent!' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText("Thank you for reaching out. We'll get back to you soon!").isVisible()).toBe(true);
    await expectNoAxeViolations(t.page);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await form.getByLabel('Your Name').inputValue()).toBe('');

    await form.getByLabel('Your Name').fill('Meera again');
    await form.getByLabel('Your Email').fill('meera@example.com');
    await form.getByLabel('Your Message').fill('And the fees?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await t.close();
    await expect.poll(() => mails.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(mails.some((m) => m.includes('New message from Meera'))).toBe(true);
  });

  it('tells staff how many enquiries are new: on the dashboard and in the sidebar, at 375 and 1280 px', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const t = await openPage(browser, server.url, viewport);
      await signInAsAdmin(t.page, server);
      await gotoReady(t.page, '/cms');
      // The overview (issue 31): new messages (on Enquiries) and new admissions (on the board), each a link.
      const onDashboard = t.page.getByRole('main').getByRole('link', { name: '2 new messages' });
      await expect.poll(() => onDashboard.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await t.page.getByRole('main').getByRole('link', { name: '1 new admission' }).getAttribute('href')).toBe(
        '/cms/admissions',
      );
      if (viewport === PHONE) await t.page.getByRole('button', { name: 'Open menu' }).click();
      const inSidebar = t.page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Enquiries 2 new' });
      await expect.poll(() => inSidebar.isVisible()).toBe(true);
      await expectNoAxeViolations(t.page);
      if (viewport === PHONE) await t.page.keyboard.press('Escape');
      await onDashboard.click();
      await expect.poll(() => t.page.getByRole('heading', { name: 'Enquiries' }).isVisible()).toBe(true);
      expect(new URL(t.page.url()).search).toBe('?status=new');
      await t.close();
    }
  });

  it('shows staff the contact messages only (admissions live on the board): detail, mark handled and delete, at 375 and 1280 px', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const t = await openPage(browser, server.url, viewport);
      await signInAsAdmin(t.page, server);
      await gotoReady(t.page, '/cms/enquiries');
      await expect.poll(() => t.page.getByRole('heading', { name: 'Enquiries' }).isVisible(), { timeout: 15_000 }).toBe(true);
      const main = t.page.getByRole('main');
      await expect
        .poll(() => main.getByText(/^\d+ messages?$/).textContent())
        .toBe(viewport === PHONE ? '2 messages' : '1 message');
      // Issue 31: the admission is not listed here; the screen points to the board.
      expect(await main.getByText('Aarav Sharma').count()).toBe(0);
      expect(await main.getByRole('link', { name: 'Admissions board' }).getAttribute('href')).toBe('/cms/admissions');
      expect(await main.getByRole('button', { name: /^All|^Admission \(/ }).count()).toBe(0);
      await expectNoAxeViolations(t.page);
      if (viewport === DESKTOP) {
        await t.close();
        continue;
      }

      expect(await main.getByText('2 new').isVisible()).toBe(true);
      await t.page.getByRole('button', { name: 'View message from Meera again' }).click();
      const dialog = t.page.getByRole('dialog', { name: 'Message from Meera again' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expect.poll(() => dialog.getByText('And the fees?').isVisible()).toBe(true);
      await expect.poll(() => dialog.getByText('E-mailed').isVisible()).toBe(true);
      await expectNoAxeViolations(t.page);
      await dialog.getByRole('button', { name: 'Mark handled' }).click();
      await expect.poll(() => dialog.getByRole('button', { name: 'Mark as new' }).isVisible()).toBe(true);
      await expect.poll(() => main.getByText('1 new').isVisible()).toBe(true);

      await dialog.getByRole('button', { name: 'Delete' }).click();
      await t.page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => main.getByText('1 message', { exact: true }).isVisible()).toBe(true);
      // The sidebar's badges: the messages' on Enquiries, the admission's on Admissions.
      await t.page.getByRole('button', { name: 'Open menu' }).click();
      const nav = t.page.getByRole('navigation', { name: 'Back office' });
      await expect.poll(() => nav.getByRole('link', { name: 'Enquiries 1 new' }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'Admissions 1 new' }).isVisible()).toBe(true);
      await t.close();
    }
  });

  it("says so when the form's token cannot be fetched, keeps what was typed, and sends once it can", async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const tokenUrl = '**/api/enquiries/form-token?*';
    await t.page.route(tokenUrl, (route) => route.abort('internetdisconnected'));
    await gotoReady(t.page, '/contact');
    const form = t.page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your Name').fill('Anil');
    await form.getByLabel('Your Email').fill('anil@example.com');
    await form.getByLabel('Your Message').fill('Is there a waiting list?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('could not be prepared for sending');
    expect(await form.getByLabel('Your Message').inputValue()).toBe('Is there a waiting list?');

    await t.page.unroute(tokenUrl);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => t.page.getByRole('dialog', { name: 'Message Sent!' }).isVisible()).toBe(true);
    // The aborted token requests are the browser's own network errors, which this test caused.
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED')));
    await t.close();
  });

  it('keeps what a parent typed before the page was ready, on both forms (CPU slowed 4x)', async () => {
    for (const [path, first, next] of [
      ['/contact', 'Your Name', 'Your Email'],
      ['/admission', "Child's full name", "Father's name"],
    ] as const) {
      const t = await openPage(browser, server.url, PHONE);
      const cdp = await t.context.newCDPSession(t.page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // The page's script waits until the parent has typed: what a slow phone does by itself.
      let release = () => {};
      const typed = new Promise<void>((resolve) => (release = resolve));
      await t.page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await typed;
        await route.continue();
      });
      await t.page.goto(path, { waitUntil: 'domcontentloaded' });
      await t.page.getByLabel(first).pressSequentially('Anaya Rao', { delay: 20 });
      release();
      await waitReady(t.page);
      await t.page.getByLabel(next).pressSequentially('Ravi', { delay: 20 });
      await t.page.getByLabel(first).focus();
      expect(await t.page.getByLabel(first).inputValue(), path).toBe('Anaya Rao');
      expect(await t.page.getByLabel(next).inputValue(), path).toBe('Ravi');
      expect(await t.page.getByText(/ is required\.$/).count(), path).toBe(0);
      await t.page.evaluate(() => localStorage.clear());
      await t.close();
    }
  });
});
