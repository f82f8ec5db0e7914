import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { installSchool, signInAsAdmin } from './support/install.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Issue 31 item 25: a photo in a post's text, uploaded in the editor with its alt text, shown to
// parents with its resized variants.
const photo = (color: string, name: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/jpeg', buffer }));

const visible = (within: Page | Locator, text: string | RegExp) => within.getByText(text).first().isVisible();

describe.skipIf(chromiumMissingReason())('photos in a post’s text', () => {
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

  for (const [width, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`are uploaded in the editor with alt text and shown to parents (${width} px)`, async () => {
      const t = await openPage(browser, server.url, viewport);
      const { page } = t;
      await signInAsAdmin(page, server);
      await page.goto('/cms/blog');
      await page.getByLabel('Title').fill(`Bean week ${width}`);
      const editor = page.getByRole('textbox', { name: 'Content' });
      await editor.click();
      await page.keyboard.type('Our beans came up.');
      await page.keyboard.press('Enter');

      await page.getByRole('button', { name: 'Photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a photo' });
      await dialog.getByRole('button', { name: 'Add the photo' }).click();
      // Nothing chosen, nothing described: both fields say what is missing.
      await expect.poll(() => visible(dialog, 'Choose a photo to upload.')).toBe(true);
      expect(await visible(dialog, 'Describe the photo for parents who cannot see it.')).toBe(true);
      await expectNoAxeViolations(page);
      await dialog.getByLabel('Photo').setInputFiles(await photo('#4d7c0f', 'beans.jpg'));
      await dialog.getByLabel('Alt text').fill('Bean shoots in pots on the windowsill');
      await dialog.getByRole('button', { name: 'Add the photo' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => editor.locator('img[alt="Bean shoots in pots on the windowsill"]').count()).toBe(1);
      expect(await editor.locator('img').getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      // Typing straight after goes below the photo, not over it.
      await page.keyboard.type('They grew fast.');
      await expect.poll(() => editor.locator('img + p').textContent()).toBe('They grew fast.');

      // The photo selected: the same button changes its alt text.
      await editor.locator('img').click();
      await page.getByRole('button', { name: 'Photo' }).click();
      const edit = page.getByRole('dialog', { name: 'Photo' });
      expect(await edit.getByLabel('Alt text').inputValue()).toBe('Bean shoots in pots on the windowsill');
      await edit.getByLabel('Alt text').fill('Bean shoots in yoghurt pots on the windowsill');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => editor.locator('img[alt="Bean shoots in yoghurt pots on the windowsill"]').count()).toBe(1);

      await page.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => visible(page, `Bean week ${width}`)).toBe(true);

      // The parents' page: the photo with its alt text and variants, inside the phone's width.
      const parent = await openPage(browser, server.url, viewport);
      await parent.page.goto(`/blog/bean-week-${width}`);
      const shown = parent.page.locator('article img[alt="Bean shoots in yoghurt pots on the windowsill"]');
      await expect.poll(() => shown.count()).toBe(1);
      expect(await shown.getAttribute('srcset')).toMatch(/-400\.webp 400w, .*-800\.webp 800w, .*-1600\.webp 1600w$/);
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const box = (await shown.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.height / box.width).toBeCloseTo(800 / 1200, 1);
      await expectNoAxeViolations(parent.page);
      await parent.close();
      await t.close();
    }, 120_000);
  }
});
