import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { installSchool } from './support/install.ts';
import { gotoReady } from './support/public-content.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.skipIf(chromiumMissingReason())('the public frame', () => {
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

  it('renders the 404 page on the server with status 404, and hydrates without warnings', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const response = await gotoReady(t.page, '/no-such-page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => t.page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true);
    await expectNoAxeViolations(t.page);
    await t.page.getByRole('link', { name: 'Return to Home' }).click();
    await t.page.waitForURL(`${server.url}/`);
    await expect.poll(() => t.page.title()).toContain('A Place to Grow');
    await expectNoAxeViolations(t.page);
    await t.close();
  });

  it('shows the desktop navigation and the footer at 1280 px', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    await gotoReady(t.page, '/');
    const nav = t.page.getByRole('navigation', { name: 'Main' }).first();
    for (const name of ['Home', 'About', 'Programs', 'Curriculum', 'Contact', 'Blog', 'Admission']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    const footer = t.page.getByRole('contentinfo');
    expect(await footer.getByText('Now Enrolling').isVisible()).toBe(true);
    expect(await footer.getByText('Privacy Policy').count()).toBe(1);
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).count()).toBe(0);
    // Installed without the sample content: no opening hours or ages the school never gave (issue 30).
    expect(await footer.getByText(/Monday-Friday|^Open /).count()).toBe(0);
    expect(await footer.getByText(/^Ages /).count()).toBe(0);
    expect(await footer.getByText('Sunny Sprouts Preschool').first().isVisible()).toBe(true);
    await t.close();
  });

  it('opens the small-screen menu, and closes it when a link is chosen, at 375 px', async () => {
    const t = await openPage(browser, server.url, PHONE);
    await gotoReady(t.page, '/');
    await expectNoAxeViolations(t.page);
    const toggle = t.page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    expect(await t.page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(t.page);
    await t.page.evaluate(() => window.scrollTo(0, 400));
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await t.page.waitForURL(`${server.url}/blog`);
    expect(await t.page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => t.page.evaluate(() => window.scrollY)).toBe(0);
    await t.close();
  });

  it('styles the next page after a navigation from the stylesheet the first page carried', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const styles: string[] = [];
    t.page.on('request', (request) => request.resourceType() === 'stylesheet' && styles.push(request.url()));
    await gotoReady(t.page, '/');
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).click();
    await t.page.waitForURL(`${server.url}/contact`);
    const input = t.page.getByRole('textbox', { name: /name/i }).first();
    expect(await input.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('2px');
    expect(styles).toEqual([]); // no stylesheet fetched: it is in the page
    await expectNoAxeViolations(t.page);
    await t.close();
  });

  it('follows links to pages without reloading, and leaves feeds and files to the browser', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    await gotoReady(t.page, '/');
    const documents: string[] = [];
    t.page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
    await t.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await t.page.waitForURL(`${server.url}/about`);
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admission', exact: true }).click();
    await t.page.waitForURL(`${server.url}/admission`);
    expect(await t.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(documents).toEqual([]);
    // A link to a file is a real request (robots.txt, linked from the page for the test).
    await t.page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/robots.txt', textContent: 'robots' });
      document.querySelector('main')!.append(a);
    });
    await t.page.getByRole('link', { name: 'robots' }).click();
    await t.page.waitForURL(`${server.url}/robots.txt`);
    expect(documents).toEqual([`${server.url}/robots.txt`]);
    await t.close();
  });

  it('draws text in a fallback sized like Nunito until the font arrives, so nothing moves when it does', async () => {
    const tops = async (fontBlocked: boolean) => {
      const t = await openPage(browser, server.url, PHONE);
      if (fontBlocked) await t.page.route(/\.woff2$/, (route) => route.abort());
      await t.page.goto('/');
      await t.page.evaluate(() => document.fonts.ready);
      const result = await t.page.evaluate(() => ({
        nunito: [...document.fonts].some((f) => f.family === 'Nunito Variable' && f.status === 'loaded'),
        tops: [...document.querySelectorAll('main h1, main h2, main p')].slice(0, 8).map((e) => e.getBoundingClientRect().top),
      }));
      t.errors.splice(0); // the blocked font is reported in the console
      await t.close();
      return result;
    };
    const withFont = await tops(false);
    const withFallback = await tops(true);
    expect([withFont.nunito, withFallback.nunito]).toEqual([true, false]);
    expect(withFallback.tops).toHaveLength(8);
    withFallback.tops.forEach((top, i) => expect(Math.abs(top - withFont.tops[i]!), `text block ${i}`).toBeLessThanOrEqual(4));
  });
});
