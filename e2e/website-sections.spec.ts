import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, axeWithoutToasts, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool, signInAsAdmin } from './support/install.ts';
import { gotoReady } from './support/public-content.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** A photo as a phone takes it: a JPEG with a GPS position in its metadata (the pipeline strips it). */
const gardenPhoto = async () => ({
  name: 'garden.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#4d7c0f' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
    .toBuffer(),
});

const axe = axeWithoutToasts;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

/** Opens a section's editor and waits until its form is drawn. */
async function openEditor(page: Page, section: string, title: string) {
  await gotoReady(page, `/cms/website/${section}`);
  await expect
    .poll(() => page.getByRole('heading', { name: `${title} page`, level: 1 }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

const home = (server: RunningServer) => fetch(`${server.url}/`).then((r) => r.text());

describe.skipIf(chromiumMissingReason())('the public pages’ words in the back office', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SPROUT_MIN_FILL_MS: '0' } }), launchBrowser()]);
    await installSchool(server, {
      admin: { ...E2E_ADMIN, firstName: 'Asha', lastName: 'Rao' },
      app: {
        name: 'Little Acorns',
        company_name: 'Little Acorns Ltd',
        customer_email: 'office@littleacorns.test',
        timezone: 'Europe/London',
        branches: [{ name: 'Oak Lane', address: '4 Oak Lane, Bristol', phone: '+44 117 000 0000' }],
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('on a phone: a new hero headline and photo, previewed at phone width, then published for parents on /', async () => {
    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsAdmin(page, server);

    await gotoReady(page, '/cms/website');
    const homeRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Home/ }) });
    await expect.poll(() => homeRow.getByText('Default text').isVisible(), { timeout: 15_000 }).toBe(true);
    await axe(page);
    await page.getByRole('link', { name: 'Edit Home' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Home page', level: 1 }).isVisible()).toBe(true);
    await axe(page);

    await page.getByLabel('Headline', { exact: true }).fill('Where Little Acorns Grow');
    await page.getByLabel('Upload a photo').setInputFiles(await gardenPhoto());
    const alt = page.getByLabel('Alt text (what the photo shows)');
    await expect.poll(() => alt.isVisible()).toBe(true);
    // Saved without a description: the schema asks for one, on the field.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(() => page.getByText('Describe the photo for people who cannot see it, or mark it as decorative.').isVisible())
      .toBe(true);
    expect(await alt.getAttribute('aria-invalid')).toBe('true');
    await alt.fill('Children planting seeds in the school garden');

    // Preview saves the draft first, then shows the real page at phone width.
    await page.getByRole('button', { name: 'Preview' }).click();
    await toast(page, 'Draft saved');
    const dialog = page.getByRole('dialog', { name: 'Preview: Home page' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: /Phone/ }).getAttribute('aria-pressed')).toBe('true');
    const frame = page.frameLocator('iframe[data-preview-width="375"]');
    await expect
      .poll(() => frame.getByRole('heading', { name: 'Where Little Acorns Grow' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await frame.getByRole('img', { name: 'Children planting seeds in the school garden' }).count()).toBe(1);
    await axe(page);
    // Parents still read the default text.
    expect(await home(server)).not.toContain('Where Little Acorns Grow');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published');
    await expect.poll(() => page.getByText('Everything is published').isVisible()).toBe(true);

    const html = await home(server);
    expect(html).toContain('Where Little Acorns Grow');
    expect(html).toContain('alt="Children planting seeds in the school garden"');
    const parent = await openPage(browser, server.url, PHONE);
    await gotoReady(parent.page, '/');
    expect(await parent.page.getByRole('heading', { name: 'Where Little Acorns Grow', level: 1 }).isVisible()).toBe(true);
    const photo = parent.page.getByRole('img', { name: 'Children planting seeds in the school garden' });
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}(-\d+)?\.webp$/);
    await parent.close();
    await t.close();
  }, 300_000);

  it('on a desktop: a new testimonial, moved up by keyboard, published; unsaved changes are not lost to a menu link', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    // Installed without the sample content, the school has no testimonial (none is invented): it publishes two first.
    const api = `${server.url}/api/website/sections/home`;
    const { published } = (await (await page.request.get(api)).json()).data;
    expect(published.testimonials.items).toEqual([]);
    published.testimonials.items = [
      { name: 'A parent', relation: 'Father of Sam', quote: 'Sam has made so many friends here.', rating: 4 },
      { name: 'Another parent', relation: 'Mother of Mia', quote: 'Mia sings the songs at home.', rating: 5 },
    ];
    for (const response of [
      await page.request.put(`${api}/draft`, { data: { content: published } }),
      await page.request.post(`${api}/publish`),
    ])
      expect(response.status(), await response.text()).toBe(200);
    await openEditor(page, 'home', 'Home');

    const testimonials = page.getByRole('group', { name: /^Testimonial \d+$/ });
    const before = await testimonials.count();
    await page.getByRole('button', { name: 'Add testimonial' }).click();
    const added = page.getByRole('group', { name: `Testimonial ${before + 1}` });
    // The keyboard is in the new testimonial's first field.
    await expect.poll(() => added.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Grace Okafor');
    await added.getByLabel('Relation').fill('Mother of Tobi');
    await added.getByLabel('Quote').fill('Tobi runs in every morning and tells us about the garden every evening.');
    await added.getByLabel('Rating').selectOption('5');

    const moveUp = added.getByRole('button', { name: `Move testimonial ${before + 1} up` });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: `Testimonial ${before + 1} moved up: now ${before} of ${before + 1}.` })
          .count(),
      )
      .toBe(1);
    // The focus stayed with the testimonial moved, now one place higher.
    const moved = page.getByRole('group', { name: `Testimonial ${before}` });
    expect(await moved.getByLabel('Name').inputValue()).toBe('Grace Okafor');
    expect(
      await moved.getByRole('button', { name: `Move testimonial ${before} up` }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await axe(page);

    // A menu link with unsaved changes asks first; staying keeps them.
    await page.getByRole('link', { name: 'Gallery', exact: true }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect.poll(() => leave.isVisible()).toBe(true);
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/cms/website/home');
    expect(await moved.getByLabel('Name').inputValue()).toBe('Grace Okafor');

    await page.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published');
    const html = await home(server);
    expect(html).toContain('Tobi runs in every morning and tells us about the garden every evening.');
    expect(html).toContain('Mother of Tobi');
    // Moved above the last of the others: drawn before it.
    expect(html.indexOf('Grace Okafor')).toBeGreaterThan(0);
    expect(html.indexOf('Father of Sam')).toBeLessThan(html.indexOf('Grace Okafor'));
    expect(html.indexOf('Grace Okafor')).toBeLessThan(html.indexOf('Mother of Mia'));
    await t.close();
  }, 300_000);

  it('on a desktop: the history compares an older version with the published text, and restoring it brings the old words back', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await openEditor(page, 'home', 'Home');
    await page.getByLabel('Headline', { exact: true }).fill('A Garden of Curious Minds');
    await page.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published');
    expect(await home(server)).toContain('A Garden of Curious Minds');

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    // Kept: the hero's publish, the first testimonial's and the moved testimonial's (the default text is not kept).
    await expect.poll(() => history.getByRole('button', { name: /^Compare/ }).count()).toBe(3);
    expect(await history.getByRole('listitem').first().textContent()).toMatch(/Published by admin on .+ at /);
    await history
      .getByRole('button', { name: /^Compare/ })
      .first()
      .click();
    const row = history.getByRole('row', { name: /Hero › Headline/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Where Little Acorns Grow', 'A Garden of Curious Minds']);
    await axe(page);

    await history.getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
    await confirm.getByRole('button', { name: 'Restore and publish' }).click();
    await toast(page, 'Version restored');
    await expect.poll(() => page.getByLabel('Headline', { exact: true }).inputValue()).toBe('Where Little Acorns Grow');
    const html = await home(server);
    expect(html).toContain('Where Little Acorns Grow');
    expect(html).not.toContain('A Garden of Curious Minds');
    await t.close();
  }, 300_000);

  it('on a phone: a new programme, Toddlers, published, is one a parent applies for and staff see on the admissions board', async () => {
    const t = await openPage(browser, server.url, PHONE);
    const { page } = t;
    await signInAsAdmin(page, server);
    await openEditor(page, 'programs', 'Programs');

    const programmes = page.getByRole('group', { name: /^Programme \d+$/ });
    const count = await programmes.count();
    await page.getByRole('button', { name: 'Add programme' }).click();
    const toddlers = page.getByRole('group', { name: `Programme ${count + 1}` });
    await toddlers.getByLabel('Programme name').fill('Toddlers');
    await expect.poll(() => toddlers.locator('code').textContent()).toBe('toddlers');
    await toddlers.getByLabel('Age band').fill('18 months-2 years');
    await toddlers.getByLabel('Description').fill('Gentle days of play, songs and naps for our youngest.');
    await axe(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published');
    // Saved: the key is the programme's for good, whatever it is called later.
    await expect.poll(() => toddlers.getByText('so it stays the same when the programme is renamed').isVisible()).toBe(true);
    await t.close();

    const parent = await openPage(browser, server.url, PHONE);
    await gotoReady(parent.page, '/admission');
    const form = parent.page.getByRole('form', { name: 'Admission form' });
    const department = form.getByLabel('Department');
    const option = await department.locator('option', { hasText: 'Toddlers' }).textContent();
    await form.getByLabel("Child's full name").fill('Noor Haddad');
    await form.getByLabel("Father's name").fill('Sami Haddad');
    await form.getByLabel('E-mail').fill('sami@example.com');
    await form.getByLabel('Phone').fill('+91 98765 22222');
    await form.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 2}-01-15`);
    await form.getByLabel('Admission date').fill(`${new Date().getFullYear() + 1}-06-01`);
    await department.selectOption({ label: option! });
    // The school has one branch: the form names it rather than asking.
    if (await form.getByLabel('Branch').count()) await form.getByLabel('Branch').selectOption({ index: 1 });
    await form.getByLabel('Address').fill('5 Orchard Road');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => parent.page.getByText('Form submitted! We will contact you soon.').isVisible()).toBe(true);
    await parent.close();

    const staff = await openPage(browser, server.url, DESKTOP);
    await signInAsAdmin(staff.page, server);
    await gotoReady(staff.page, '/cms/admissions');
    const fresh = staff.page.getByRole('region', { name: /^New/ });
    await expect.poll(() => fresh.getByText('Noor Haddad').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await fresh.getByText('Toddlers').first().isVisible()).toBe(true);
    await staff.close();
  }, 300_000);
  it('on a desktop: after typing in a new testimonial, one click on Add testimonial adds the next', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page } = t;
    await signInAsAdmin(page, server);
    await openEditor(page, 'home', 'Home');
    const testimonials = page.getByRole('group', { name: /^Testimonial \d+$/ });
    const before = await testimonials.count();
    const add = page.getByRole('button', { name: 'Add testimonial' });
    await add.click();
    const added = page.getByRole('group', { name: `Testimonial ${before + 1}` });
    await added.getByLabel('Name').fill('A grandparent');
    await added.getByLabel('Relation').fill('Grandmother of Leo');
    // The field keeps the focus until the click: leaving it redrew the form under the pointer, and
    // the first click only focused the button.
    await added.getByLabel('Quote').fill('Leo comes home singing.');
    await add.click();
    await expect.poll(() => testimonials.count()).toBe(before + 2);
    await t.close();
  }, 300_000);
});
