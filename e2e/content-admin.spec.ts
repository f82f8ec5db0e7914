import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, axeWithoutToasts, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { installSchool, signInAsAdmin } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

const png = (color: string, name: string) =>
  sharp({ create: { width: 640, height: 420, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

const axe = axeWithoutToasts;

describe.skipIf(chromiumMissingReason())('content in the back office', () => {
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

  it('creates, edits and deletes a gallery, an event linked to it and a formatted post', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(t.page, server);

    // A category first (Settings > Category).
    await page.goto('/cms/category');
    await page.getByLabel('New category name').fill('Celebration');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => visible(page, '0 events')).toBe(true);
    await axe(page);

    // Gallery: two uploaded images, published.
    await page.goto('/cms/gallery');
    await expect.poll(() => visible(page, 'No galleries yet. Create your first gallery!')).toBe(true);
    await page.getByRole('button', { name: 'Add Gallery' }).click();
    await page.getByLabel('Title').fill('Sports Day Photos');
    await page.getByLabel('Description').fill('Races & <b>fun</b>');
    await page.getByLabel('Choose images').setInputFiles([await png('#f97316', 'one.png'), await png('#3b82f6', 'two.png')]);
    await expect.poll(() => page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem').count()).toBe(2);
    await page.getByLabel('Publish immediately').check();
    await axe(page);
    await page.getByRole('button', { name: 'Create Gallery' }).click();
    await expect.poll(() => visible(page, 'Existing Galleries (1)')).toBe(true);
    expect(await visible(page, 'Races & <b>fun</b>')).toBe(true); // text, never HTML
    expect(await visible(page, '2 images')).toBe(true);
    await page.getByRole('button', { name: 'Edit Sports Day Photos' }).click();
    await page.getByLabel('Title').fill('Sports Day 2026');
    await page.getByRole('button', { name: 'Update Gallery' }).click();
    await expect.poll(() => visible(page, 'Sports Day 2026')).toBe(true);

    // Event with an uploaded cover, linked to the gallery.
    await page.goto('/cms/events');
    await expect.poll(() => visible(page, 'No events yet')).toBe(true);
    await page.getByRole('link', { name: 'Create Your First Event' }).click();
    await expect.poll(() => visible(page, 'Create New Event')).toBe(true);
    await page.getByLabel('Title').fill('Sports Day');
    await page.getByLabel('Description').fill('Races for every class.');
    await page.getByLabel('Upload a file').check();
    await page.getByLabel('Cover image file').setInputFiles(await png('#22c55e', 'cover.png'));
    await expect.poll(() => page.getByRole('img', { name: 'Cover preview' }).isVisible()).toBe(true);
    await page.getByLabel('Category').selectOption('Celebration');
    await page.getByLabel('Location').fill('Main Branch Field');
    await page.getByLabel('Start date and time').fill('2030-03-14T09:30');
    await page.getByLabel('End date and time (optional)').fill('2030-03-14T12:00');
    await page.getByLabel('Gallery (optional)').selectOption({ label: 'Sports Day 2026' });
    await axe(page);
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.waitForURL(`${server.url}/cms/events`);
    await expect.poll(() => visible(page, 'Mar 14, 2030')).toBe(true);
    await axe(page);

    // Detail with the lightbox, by keyboard.
    await page.getByRole('link', { name: 'View Sports Day' }).click();
    await expect.poll(() => visible(page, 'Event Gallery')).toBe(true);
    expect(await visible(page, 'Thursday, March 14, 2030')).toBe(true);
    expect(await visible(page, '9:30 AM')).toBe(true);
    await axe(page);
    await page.getByRole('button', { name: 'Open image 1 of 2' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('1 / 2').isVisible()).toBe(true);
    await axe(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByText('2 / 2').isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByText('1 / 2').isVisible()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => dialog.getByText('2 / 2').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // Edit the event.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect.poll(async () => page.getByLabel('Title').inputValue()).toBe('Sports Day');
    expect(await page.getByLabel('Start date and time').inputValue()).toBe('2030-03-14T09:30');
    await page.getByLabel('Title').fill('Sports Day (rescheduled)');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL(`${server.url}/cms/events`);
    await expect.poll(() => visible(page, 'Sports Day (rescheduled)')).toBe(true);

    // Post: formatted, with tags and a cover.
    await page.goto('/cms/blog');
    await page.getByLabel('Title').fill('Our Sports Day!');
    await expect.poll(() => page.getByLabel('Slug').inputValue()).toBe('our-sports-day');
    await page.getByLabel('Excerpt').fill('Medals for everyone.');
    await page.getByLabel('Cover image').setInputFiles(await png('#a855f7', 'post.png'));
    await page.getByLabel('Tags').fill('Sports, Events');
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.getByRole('button', { name: 'Heading 2' }).click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Everyone ran');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('Relay race');
    await page.getByRole('button', { name: 'Link' }).click();
    await expect.poll(() => visible(page, 'Select text first to link')).toBe(true);
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: 'Link' }).click();
    await page.getByRole('dialog').getByLabel('URL').fill('example.com/races');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => editor.locator('a[href="https://example.com/races"]').count()).toBe(1);
    await axe(page);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => page.locator('article h2 strong').textContent()).toBe('Everyone ran');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => visible(page, 'Posts (1)')).toBe(true);
    expect(await visible(page, '#Sports #Events')).toBe(true);
    const api = await (await page.request.get(`${server.url}/api/posts/slug/our-sports-day`)).json();
    expect(api.data).toMatchObject({ status: 'published', tags: ['Sports', 'Events'] });
    expect(api.data.content).toContain('<h2><strong>Everyone ran</strong></h2>');
    expect(api.data.content).toMatch(/<a [^>]*href="https:\/\/example\.com\/races"[^>]*>Relay race<\/a>/);
    expect(api.data.cover_image).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    await page.getByRole('button', { name: 'Edit Our Sports Day!' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Our Sports Day!');
    await page.getByLabel('Title').fill('Our Sports Day, again');
    expect(await page.getByLabel('Slug').inputValue()).toBe('our-sports-day'); // edited posts keep their slug
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect.poll(() => visible(page, 'Our Sports Day, again')).toBe(true);
    await expect.poll(() => page.getByText('Draft', { exact: true }).count()).toBe(1);

    // Deletes, each confirmed.
    await page.getByRole('button', { name: 'Delete Our Sports Day, again' }).click();
    expect(await visible(page, 'Delete this post? This cannot be undone.')).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => visible(page, 'Posts (0)')).toBe(true);

    await page.goto('/cms/events');
    await page.getByRole('button', { name: 'Delete Sports Day (rescheduled)' }).click();
    expect(await visible(page, 'Are you sure you want to delete this event?')).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => visible(page, 'No events yet')).toBe(true);

    await page.goto('/cms/gallery');
    await page.getByRole('button', { name: 'Delete Sports Day 2026' }).click();
    expect(await visible(page, 'Delete this gallery?')).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => visible(page, 'No galleries yet. Create your first gallery!')).toBe(true);
    await t.close();
  }, 240_000);

  it('shows every content screen at phone width without axe findings', async () => {
    const t = await openPage(browser, server.url, PHONE);
    await signInAsAdmin(t.page, server);
    for (const [path, text] of [
      ['/cms/gallery', /^Existing Galleries/],
      ['/cms/events', /^Events$/],
      ['/cms/events/new', /^Create New Event$/],
      ['/cms/category', /^Manage Categories$/],
      ['/cms/blog', /^New Post$/],
      ['/cms/events/999999', /^Failed to load event details\.$/],
    ] as const) {
      await t.page.goto(path);
      await expect.poll(() => t.page.getByRole('main').getByText(text).first().isVisible(), { message: path }).toBe(true);
      expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await axe(t.page);
    }
    t.errors.splice(0); // the 404 of the unknown event is expected in the console
    await t.close();
  });

  it('keeps toasts off the form buttons at phone width, and the breadcrumb on one readable line', async () => {
    const t = await openPage(browser, server.url, PHONE);
    await signInAsAdmin(t.page, server);
    await t.page.goto('/cms/events/new');
    const crumb = t.page.getByRole('navigation', { name: 'Breadcrumb' });
    const current = crumb.locator('[aria-current="page"]:visible');
    await expect.poll(() => current.textContent()).toBe('Create New Event');
    expect((await crumb.boundingBox())!.height).toBeLessThanOrEqual(40);
    expect(await crumb.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/cms/events');

    const create = t.page.getByRole('button', { name: 'Create Event' });
    await create.click(); // empty: the form answers with its messages and a toast
    // The keyboard is taken to the first field that says what is missing.
    const title = t.page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    const toast = t.page.locator('[data-sonner-toast]').first();
    await toast.waitFor();
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    // The actions at the foot of the screen, where a thumb just tapped them: no toast over them.
    await create.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    // Under the top bar once it has slid in (sonner animates it from above).
    const header = (await t.page.locator('header').first().boundingBox())!;
    const under = header.y + header.height;
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(under);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeLessThan(under + 24);
    for (const action of [create, t.page.getByRole('link', { name: 'Cancel' })]) {
      expect(overlaps(toastBox, (await action.boundingBox())!)).toBe(false);
    }
    await t.close();
  });
});
