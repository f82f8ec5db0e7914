// `node scripts/bench-cms.mjs --url=http://127.0.0.1:PORT [--shots=DIR]`: the blog and events
// screens of the back office as staff see them, in Chromium (playwright-core, /usr/bin/chromium),
// on a desktop (1280 px) and on a phone (375 px, CPU slowed 4x as Lighthouse does). Against a
// running server signed in as the bench's administrator (scripts/lib/growth.mjs), e.g. the one
// bench-lists starts with --keep. Per screen: time until the list shows, DOM nodes, the slowest
// key press while typing a post title (Event Timing API: input to next paint), the time from
// Publish to the "Published!" toast, and the time a search takes to show its results.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { signIn } from './lib/growth.mjs';

const args = process.argv.slice(2);
const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const base = arg('url');
if (!base) throw new Error('--url=http://127.0.0.1:PORT of a running server is required');
const shots = arg('shots');
if (shots) mkdirSync(shots, { recursive: true });

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
const cookie = await signIn(base);
const round = (ms) => Math.round(ms);
const POST_ROWS = 'section[aria-labelledby="posts-heading"] ul > li';
const EVENT_CARDS = 'main ul.grid > li';

/** The slowest interaction (input delay + handlers + next paint) since `observeInteractions()`. */
const observeInteractions = () =>
  new Promise((resolve) => {
    window.__slowest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__slowest = Math.max(window.__slowest, e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
    resolve();
  });

async function screen(label, viewport, slowdown) {
  const context = await browser.newContext({ viewport });
  const [name, value] = cookie.split(';')[0].split('=');
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const out = { label };

  let started = performance.now();
  await page.goto(`${base}/cms/blog`);
  // Selectors that hold before and after issue 18, so the same script measures both.
  await page.locator(POST_ROWS).first().waitFor({ timeout: 180_000 });
  out.blogListMs = round(performance.now() - started);
  out.blogDomNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  // A whole page of a few hundred nodes; the first screen of a list that is too long to capture.
  const whole = (nodes) => nodes < 20_000;
  if (shots) await page.screenshot({ path: join(shots, `blog-list-${label}.png`), fullPage: whole(out.blogDomNodes) });
  await page.getByLabel('Title', { exact: true }).click();
  await page.waitForTimeout(300);
  await page.evaluate(observeInteractions);
  await page.keyboard.type('A visit to the fire station', { delay: 60 });
  await page.waitForTimeout(500);
  out.blogSlowestKeyMs = round(await page.evaluate(() => window.__slowest));
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('The children met the firefighters.', { delay: 30 });
  if (shots) await page.screenshot({ path: join(shots, `blog-editor-${label}.png`) });
  started = performance.now();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Published!').waitFor({ timeout: 180_000 });
  out.publishMs = round(performance.now() - started);
  const search = page.getByLabel('Search posts');
  if (await search.count()) {
    started = performance.now();
    await search.fill('fire station');
    await page.locator(POST_ROWS).getByText('A visit to the fire station').waitFor({ timeout: 60_000 });
    out.blogSearchMs = round(performance.now() - started); // includes the 300 ms pause before a search is sent
  }
  // Tidy up: the bench's post goes again.
  await page.getByRole('button', { name: 'Delete A visit to the fire station' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Post deleted').waitFor({ timeout: 60_000 });

  started = performance.now();
  await page.goto(`${base}/cms/events`);
  await page.locator(EVENT_CARDS).first().waitFor({ timeout: 180_000 });
  out.eventsListMs = round(performance.now() - started);
  out.eventsDomNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  started = performance.now();
  await page.getByLabel('Search events').fill('city');
  // Done when every card on the page is at the City Branch.
  await page.waitForFunction(
    () => {
      const cards = [...document.querySelectorAll('main ul.grid > li')];
      return cards.length > 0 && cards.every((li) => /city/i.test(li.textContent ?? ''));
    },
    null,
    { timeout: 60_000 },
  );
  out.eventsSearchMs = round(performance.now() - started);
  if (shots) await page.screenshot({ path: join(shots, `events-${label}.png`), fullPage: whole(out.eventsDomNodes) });
  await context.close();
  return out;
}

try {
  const rows = [
    await screen('desktop-1280', { width: 1280, height: 900 }, 1),
    await screen('phone-375-cpu4x', { width: 375, height: 812 }, 4),
  ];
  console.table(rows);
  console.log(JSON.stringify(rows));
} finally {
  await browser.close();
}
