import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { gotoReady, login } from './support/public-content.ts';
import { staffCall } from './support/staff-api.ts';
import { startServer, type RunningServer } from './support/server.ts';

/*
 * Issue 31, as a parent and a member of staff meet it: the photo viewer (swipe, an opaque cover at
 * 375 px, every photo's alt text and caption), the admission confirmation in view and focused, Share
 * Post where the clipboard is refused, and a batch of photos with one too large.
 */

const WIDTHS = [
  ['375 px', PHONE],
  ['1280 px', DESKTOP],
] as const;

const png = (color: string, name: string) =>
  sharp({ create: { width: 640, height: 420, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));

/** A horizontal swipe of a finger (CDP touch events), from x1 to x2 across the middle of the screen. */
async function swipe(page: Page, x1: number, x2: number) {
  const cdp = await page.context().newCDPSession(page);
  const y = (page.viewportSize()?.height ?? 800) / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x1, y }] });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x1 + ((x2 - x1) * i) / 8, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A drag with the mouse, as Swiper also takes it on a desktop. */
async function drag(page: Page, x1: number, x2: number) {
  const y = (page.viewportSize()?.height ?? 800) / 2;
  await page.mouse.move(x1, y);
  await page.mouse.down();
  await page.mouse.move((x1 + x2) / 2, y, { steps: 5 });
  await page.mouse.move(x2, y, { steps: 5 });
  await page.mouse.up();
}

describe.skipIf(chromiumMissingReason())('galleries, photos and what a parent sees (issue 31)', () => {
  let server: RunningServer;
  let browser: Browser;
  let cookie: string;
  let galleryEvent: string;
  let post: { slug: string };

  const call = <T>(method: string, path: string, body?: unknown) => staffCall<T>(server.url, cookie, method, path, body);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SPROUT_MIN_FILL_MS: '0' } }), launchBrowser()]);
    await installSchool(server);
    cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
    const images = [1, 2, 3, 4, 5].map((n) => `${server.url}/illustrations/event-placeholder.svg?photo=${n}`);
    const gallery = await call<{ id: number }>('POST', '/api/admin/galleries', {
      title: 'Sports Day Photos',
      description: 'Races, cheers and medals.',
      images,
      published: true,
      photos: [{ url: images[1], caption: 'The relay race', alt: 'Two children passing a baton on the track' }],
    });
    await call('POST', '/api/categories', { name: 'Celebration' }).catch(() => undefined);
    const event = await call<{ id: number; slug: string | null }>('POST', '/api/events', {
      title: 'Annual Sports Day',
      description: 'Races and medals for every child.',
      category: 'Celebration',
      location: 'Main Branch',
      start_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      cover_image: '',
      gallery_id: gallery.id,
    });
    galleryEvent = `/event/${event.slug ?? event.id}`;
    post = await call<{ slug: string }>('POST', '/api/posts', {
      title: 'Five Ways to Build a Love of Reading',
      slug: 'five-ways-reading',
      excerpt: 'Simple habits for story time.',
      content: '<p>Read together for ten minutes a day.</p>',
      status: 'published',
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(WIDTHS)('the photo viewer at %s: alt text, caption, an opaque cover, swipe and wrap-around', async (_, viewport) => {
    const touch = viewport === PHONE;
    // On the phone, a touch screen: Swiper then reads touches, as on a phone.
    const t = await openPage(browser, server.url, viewport, touch ? { hasTouch: true, isMobile: true } : {});
    const { page } = t;
    await gotoReady(page, galleryEvent);
    const carousel = page.locator('section[aria-labelledby="gallery-title"]');
    await carousel.scrollIntoViewIfNeeded();
    // Every photo has alt text: staff's, else the gallery's title and its number.
    expect(await carousel.locator('img').evaluateAll((list) => list.map((img) => img.getAttribute('alt')))).toEqual([
      'Sports Day Photos, photo 1 of 5',
      'Two children passing a baton on the track',
      'Sports Day Photos, photo 3 of 5',
      'Sports Day Photos, photo 4 of 5',
      'Sports Day Photos, photo 5 of 5',
    ]);
    expect(await carousel.getByText('The relay race').count()).toBe(1);

    const opener = carousel.getByRole('button', { name: 'Open in the photo viewer: Sports Day Photos, photo 1 of 5' });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Sports Day Photos: photo viewer' });
    await expect.poll(() => viewer.getByText('Photo 1 of 5').isVisible()).toBe(true);
    // Opaque, and over the whole screen: nothing of the page shows through.
    const cover = await viewer.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { background: getComputedStyle(el).backgroundColor, w: r.width, h: r.height, top: r.top, left: r.left };
    });
    // A colour without alpha (rgb(...) or oklch(...) with no '/ a' part), never transparent.
    expect(cover.background).toMatch(/^(rgb|oklch)\([^/]*\)$/);
    expect(cover).toMatchObject({ w: viewport.width, top: 0, left: 0 });
    expect(cover.h).toBeGreaterThanOrEqual(viewport.height - 1);
    await expect.poll(() => viewer.locator('.swiper-initialized').count()).toBe(1);
    await expectNoAxeViolations(page);

    // Swipe (a finger on the phone, the mouse on the desktop) to the next photo: its words show.
    const counter = viewer.locator('p[aria-live]');
    /** A swipe (or drag) to `expected`; once more if a loaded machine lost the gesture, as a parent would. */
    const swipeTo = async (from: number, to: number, expected: string) => {
      for (let attempt = 0; attempt < 2; attempt++) {
        if (touch) await swipe(page, (from * viewport.width) / 1280, (to * viewport.width) / 1280);
        else await drag(page, from, to);
        const reached = await expect
          .poll(() => counter.textContent(), { timeout: 4000 })
          .toBe(expected)
          .then(() => true)
          .catch(() => false);
        if (reached) return;
      }
      expect(await counter.textContent()).toBe(expected);
    };
    await swipeTo(1000, 200, 'Photo 2 of 5');
    await expect.poll(() => viewer.getByText('The relay race').isVisible()).toBe(true);
    expect(await viewer.getByRole('img', { name: 'Two children passing a baton on the track' }).isVisible()).toBe(true);
    // As a finger would: the next swipe once the slide has settled (300 ms).
    await page.waitForTimeout(500);
    await swipeTo(200, 1000, 'Photo 1 of 5');

    // Previous from the first wraps to the last; the arrow key wraps back.
    await viewer.getByRole('button', { name: 'Previous photo' }).click();
    await expect.poll(() => viewer.getByText('Photo 5 of 5').isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.getByText('Photo 1 of 5').isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.isVisible()).toBe(false);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await t.close();
  });

  it.each(WIDTHS)('the admission confirmation at %s is in view, focused and announced', async (_, viewport) => {
    const t = await openPage(browser, server.url, viewport);
    const { page } = t;
    await gotoReady(page, '/admission');
    const form = page.getByRole('form', { name: 'Admission form' });
    await form.getByLabel("Child's full name").fill('Meera Iyer');
    await form.getByLabel("Father's name").fill('Karthik Iyer');
    await form.getByLabel('E-mail').fill('karthik@example.com');
    await form.getByLabel('Phone').fill('+91 98765 11111');
    await form.getByLabel('Date of birth').fill('2022-06-01');
    await form.getByLabel('Admission date').fill('2027-06-01');
    await form.getByLabel('Department').selectOption({ label: 'Kindergarten (4-6 yrs)' });
    await form.getByLabel('Address').fill('3 Lotus Road, Green Park');
    await form.getByRole('button', { name: 'Submit Application' }).click();

    const box = page.getByTestId('admission-confirmation');
    await expect.poll(() => box.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await box.getAttribute('role')).toBe('status');
    expect(await box.getByTestId('enquiry-reference').textContent()).toMatch(/^ADM-\d{5}$/);
    // Focus is on its heading, and the box is on screen (below the sticky header), after any smooth scroll.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName))
      .toBe('Form submitted! We will contact you soon.');
    await expect
      .poll(async () => {
        const r = await box.boundingBox();
        return !!r && r.y >= 0 && r.y + Math.min(r.height, 200) <= viewport.height;
      })
      .toBe(true);
    const header = await page.locator('header').first().boundingBox();
    const heading = await box.getByRole('heading').boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
    await expectNoAxeViolations(page);
    await t.close();
  });

  it.each(WIDTHS)('Share Post at %s: "Link copied" only when it was; else the link to copy by hand', async (_, viewport) => {
    // No clipboard at all (plain http): the dialog, with the link selected.
    const t = await openPage(browser, server.url, viewport);
    const { page } = t;
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    const alerts: string[] = [];
    page.on('dialog', (d) => (alerts.push(d.message()), void d.accept()));
    await gotoReady(page, `/blog/${post.slug}`);
    const share = page.getByRole('button', { name: 'Share Post' });
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Copy the link' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const field = dialog.getByLabel('Link to this post');
    expect(await field.inputValue()).toBe(`${server.url}/blog/${post.slug}`);
    expect(
      await field.evaluate((el: HTMLInputElement) => [
        el === document.activeElement,
        el.selectionEnd! - el.selectionStart! === el.value.length,
      ]),
    ).toEqual([true, true]);
    expect(alerts).toEqual([]);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await share.evaluate((el) => el === document.activeElement)).toBe(true);
    await t.close();

    // A clipboard that refuses (no permission): the dialog too, never "copied".
    const refused = await openPage(browser, server.url, viewport);
    await refused.page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', {
        get: () => ({ writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) }),
      });
    });
    const refusedAlerts: string[] = [];
    refused.page.on('dialog', (d) => (refusedAlerts.push(d.message()), void d.accept()));
    await gotoReady(refused.page, `/blog/${post.slug}`);
    await refused.page.getByRole('button', { name: 'Share Post' }).click();
    await expect.poll(() => refused.page.getByRole('dialog', { name: 'Copy the link' }).isVisible()).toBe(true);
    expect(refusedAlerts).toEqual([]);
    await refused.close();

    // A clipboard that copies: §2's alert, and the link is on the clipboard.
    const allowed = await openPage(browser, server.url, viewport);
    await allowed.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const copiedAlerts: string[] = [];
    allowed.page.on('dialog', (d) => (copiedAlerts.push(d.message()), void d.accept()));
    await gotoReady(allowed.page, `/blog/${post.slug}`);
    await allowed.page.getByRole('button', { name: 'Share Post' }).click();
    await expect.poll(() => copiedAlerts).toEqual(['Link copied to clipboard!']);
    expect(await allowed.page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/blog/${post.slug}`);
    expect(await allowed.page.getByRole('dialog', { name: 'Copy the link' }).isVisible()).toBe(false);
    await allowed.close();
  });

  it.each(WIDTHS)(
    'at %s, a batch with a photo over 10 MB keeps the others, names it and why, with progress per file; staff give words',
    async (_, viewport) => {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await signInAsAdmin(page, server);
      // The gallery list: under Gallery (/cms/gallery), or /cms where the back office opens on it.
      const add = page.getByRole('button', { name: 'Add Gallery' });
      await page.goto('/cms/gallery');
      const underGallery = await expect
        .poll(() => add.isVisible(), { timeout: 8_000 })
        .toBe(true)
        .then(() => true)
        .catch(() => false);
      if (!underGallery) await page.goto('/cms');
      await expect.poll(() => add.isVisible(), { timeout: 15_000 }).toBe(true);
      await add.click();
      const title = `Field Trip ${viewport.width}`;
      await page.getByLabel('Title', { exact: true }).fill(title);
      const big = { name: 'IMG_big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 7) };
      await page
        .getByLabel('Choose images')
        .setInputFiles([await png('#f97316', 'bus.png'), big, await png('#3b82f6', 'zoo.png')]);
      const uploads = page.getByRole('region', { name: 'Uploads' });
      await expect
        .poll(() => uploads.getByRole('status').textContent(), { timeout: 30_000 })
        .toBe('2 of 3 photos uploaded, 1 not uploaded.');
      const refused = uploads.locator('li[data-state="refused"]');
      expect(await refused.textContent()).toContain('IMG_big.jpg');
      expect(await refused.textContent()).toContain('The file is too large: images may be at most 10 MB.');
      expect(await uploads.locator('li[data-state="done"]').count()).toBe(2);
      const list = page.getByRole('list', { name: 'Gallery images' });
      expect(await list.getByRole('listitem').count()).toBe(2);
      await page.getByLabel('Caption of photo 1').fill('On the bus');
      await page.getByLabel('Alt text of photo 1').fill('Children waving from a yellow bus');
      expect(await list.getByRole('img').nth(1).getAttribute('alt')).toBe(`${title}, photo 2 of 2`);
      await page.getByLabel('Publish immediately').check();
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Create Gallery' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Add Gallery' }).isVisible(), { timeout: 10_000 }).toBe(true);

      const listed = await fetch(`${server.url}/api/admin/galleries?q=${encodeURIComponent(title)}`, {
        headers: { cookie },
      });
      const summary = ((await listed.json()) as { data: { id: number; images: string[] }[] }).data[0]!;
      expect(summary.images).toHaveLength(2);
      const one = await fetch(`${server.url}/api/admin/galleries/${summary.id}`, { headers: { cookie } });
      expect(((await one.json()) as { data: { photos: unknown[] } }).data.photos).toEqual([
        { url: summary.images[0], caption: 'On the bus', alt: 'Children waving from a yellow bus' },
        { url: summary.images[1], caption: '', alt: '' },
      ]);
      await t.close();
    },
  );
});
