import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_PATH } from './env.ts';

// Flags for this closed network (TOOLCHAIN.md): no background calls to outside hosts.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (hydration warnings included). */
  errors: string[];
  close(): Promise<void>;
}

/** A page in its own context (AxeBuilder needs one) that records console errors; `options`: a touch screen, say. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  options: Omit<BrowserContextOptions, 'baseURL' | 'viewport'> = {},
): Promise<TestPage> {
  const context = await browser.newContext({ ...options, baseURL, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A page whose own status is 404 (the 404 page) logs that it failed to load: that is expected.
    if (message.text().startsWith('Failed to load resource') && message.location().url === page.url()) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      expect(errors, 'console errors in the browser').toEqual([]);
    },
  };
}

/**
 * Runs axe (WCAG 2.x A and AA) on the page and fails on any finding. Blocks the browser has not
 * drawn yet (content-visibility: auto, below the first screen) are drawn for the check, as they
 * are when a visitor scrolls to them: axe reads colours from the drawn page. Toasts are left out.
 */
export async function expectNoAxeViolations(page: Page) {
  const drawAll = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // A toast still fading in or out is measured at part of its opacity: clean-clone runs failed on
    // its contrast at random (mailings, notices). The toasts are sonner's, shown for seconds.
    .exclude('[data-sonner-toaster]')
    .analyze()
    .finally(() => drawAll.evaluate((style) => (style as Element).remove()));
  const findings = result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(findings, `axe findings on ${page.url()}`).toEqual([]);
}

/** Waits until the toasts (sliding in, fading out) have gone: axe would catch one mid-fade. */
export const toastsGone = (page: Page) =>
  expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);

/** Axe on the page once its toasts have gone. */
export async function axeWithoutToasts(page: Page) {
  await toastsGone(page);
  await expectNoAxeViolations(page);
}

/** The admissions board's Enrolled column (where "Create family for ..." is). */
export const enrolledColumn = (page: Page) => page.getByRole('region', { name: /^Enrolled/ });
