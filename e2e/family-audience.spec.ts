import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { login } from './support/public-content.ts';
import { staffCall } from './support/staff-api.ts';
import { startServer, type RunningServer } from './support/server.ts';

/*
 * Issue 32, posts and events for families as staff meet them: the Audience select on the event
 * form with its branch and programme, the lists' badge, and the public site without them.
 */
describe.skipIf(chromiumMissingReason())('posts and events for families (issue 32)', () => {
  let server: RunningServer;
  let browser: Browser;
  let cookie: string;
  let eventId: number;
  let branch: string;
  let programme: { key: string; name: string };

  const call = <T>(method: string, path: string, body?: unknown) => staffCall<T>(server.url, cookie, method, path, body);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await installSchool(server);
    cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
    branch = (await call<{ branches: { name: string }[] }>('GET', '/api/school')).branches[0]!.name;
    programme = (await call<{ key: string; name: string }[]>('GET', '/api/admissions/programmes'))[0]!;
    await call('POST', '/api/categories', { name: 'Meetings' });
    eventId = (
      await call<{ id: number }>('POST', '/api/events', {
        title: 'Pumpkin parents evening',
        description: 'For the parents of the group.',
        category: 'Meetings',
        location: branch,
        start_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        cover_image: `${server.url}/illustrations/event-placeholder.svg`,
      })
    ).id;
    await call('POST', '/api/posts', {
      title: 'Pumpkin letter to families',
      slug: 'pumpkin-letter',
      content: '<p>Dear families</p>',
      status: 'published',
      audience: 'families',
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('staff give an event a programme’s families; the lists mark both, the public site shows neither', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await page.goto(`/cms/events/edit/${eventId}`);
    const audience = page.getByLabel('Audience');
    await expect.poll(() => audience.isVisible(), { timeout: 15_000 }).toBe(true);
    await audience.selectOption('programme');
    await page.getByLabel('Branch').selectOption(branch);
    await page.getByLabel('Programme').selectOption(programme.key);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/cms\/events$/);
    const badge = page.getByText(`${branch} · ${programme.name}`);
    await expect.poll(() => badge.isVisible(), { timeout: 10_000 }).toBe(true);

    await page.goto('/cms/blog');
    const families = page.getByRole('list', { name: 'Posts' }).getByText('Families', { exact: true });
    await expect.poll(() => families.isVisible(), { timeout: 10_000 }).toBe(true);
    // Not on the public site: no "View on site" for it.
    expect(await page.getByRole('link', { name: /View on site: Pumpkin/ }).count()).toBe(0);
    await t.close();

    for (const path of ['/', '/events', '/blog', '/sitemap.xml', '/blog/rss.xml', '/events.ics']) {
      const body = await (await fetch(server.url + path)).text();
      expect(body, path).not.toContain('Pumpkin');
    }
  });
});
