import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage } from './support/browser.ts';
import { chromiumMissingReason } from './support/env.ts';
import { E2E_ADMIN, installSchool } from './support/install.ts';
import { login, waitReady } from './support/public-content.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Stored XSS: every text field staff or parents can fill is given scripts, event handlers,
 * `javascript:` and `data:` URLs and SVG, then every public page and back-office screen that shows
 * it is rendered in Chromium. Nothing may run: a payload that runs calls `__xss(field)`.
 */
const payload = (field: string) =>
  `${field} <script>__xss('${field}')</script><img src=x onerror="__xss('${field}')"><svg onload="__xss('${field}')"></svg>` +
  `"'><iframe src="javascript:parent.__xss('${field}')"></iframe><a href="javascript:__xss('${field}')">a</a>` +
  `<object data="data:text/html,<script>parent.__xss('${field}')</script>"></object>`;
/** Short fields (names, titles: 60 characters): a closing quote and a handler (SVG in the longer fields). */
const short = (field: string) => `${field}"><img src=x onerror=__xss(1)>`;
/** The shortest fields (40 characters). */
const tiny = `'"><img src=x onerror=__xss(3)>`;

const PUBLIC_PAGES = ['/', '/about', '/programs', '/curriculum', '/contact', '/admission', '/events', '/blog'];

describe.skipIf(chromiumMissingReason())('stored XSS in every text field', () => {
  let server: RunningServer;
  let browser: Browser;
  let cookie: string;
  const pages: { public: string[]; cms: string[] } = { public: [...PUBLIC_PAGES], cms: [] };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SPROUT_MIN_FILL_MS: '0' } }), launchBrowser()]);
    await installSchool(server);
    cookie = await login(server.url, E2E_ADMIN.username, E2E_ADMIN.password);
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(server.url + path, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text) as T;
    };

    const school = (await call<{ data: Record<string, unknown> & { branches: Record<string, unknown>[] } }>('GET', '/api/school'))
      .data;
    await call('PUT', '/api/school', {
      ...school,
      name: short('school.name'),
      brandLine: short('school.brandLine'),
      about: payload('school.about'),
      hours: tiny,
      ages: tiny,
      branches: school.branches.map((b, i) => ({ ...b, name: short(`b${i}.name`), address: short(`b${i}.address`) })),
    });
    const category = short('category.name');
    await call('POST', '/api/categories', { name: category });
    const gallery = await call<{ data: { id: number } }>('POST', '/api/admin/galleries', {
      title: short('gallery.title'),
      description: payload('gallery.description'),
      type: 'images',
      images: [`${server.url}/illustrations/event-placeholder.svg`],
      published: true,
    });
    const event = await call<{ data: { id: number; slug: string } }>('POST', '/api/events', {
      title: short('event.title'),
      description: payload('event.description'),
      location: short('event.location'),
      category,
      start_date: new Date(Date.now() + 86_400_000).toISOString(),
      status: 'upcoming',
      gallery_id: gallery.data.id,
    });
    const post = await call<{ data: { id: number; slug: string } }>('POST', '/api/posts', {
      title: short('post.title'),
      slug: 'xss-post',
      excerpt: payload('post.excerpt'),
      content: payload('post.content'),
      tags: [short('post.tag')],
      status: 'published',
    });
    await call('POST', '/api/roles/create', {
      name: 'xss_role',
      displayName: short('role.displayName'),
      description: payload('role.description'),
      permissions: { blog: { read: true, write: true, delete: false } },
    });
    await call('POST', '/api/users/create', {
      username: 'xss_user',
      email: 'xss@school.test',
      password: 'a-long-password',
      firstName: short('user.firstName'),
      lastName: short('user.lastName'),
      roleId: null,
      status: 'active',
    });
    const { token } = await (await fetch(`${server.url}/api/enquiries/form-token?type=contact`)).json();
    const enquiry = await fetch(`${server.url}/api/enquiries/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: short('enquiry.name'),
        email: 'parent@family.test',
        message: payload('enquiry.message'),
        formToken: token,
      }),
    });
    expect(enquiry.status, await enquiry.clone().text()).toBe(201);
    const enquiryId = ((await enquiry.json()) as { data: { id: number } }).data.id;

    pages.public.push(`/events/${event.data.slug ?? event.data.id}`, `/blog/${post.data.slug}`);
    pages.cms.push(
      '/cms',
      '/cms/gallery',
      '/cms/audit',
      `/cms/events`,
      `/cms/events/${event.data.id}`,
      '/cms/blog',
      `/cms/blogpage?id=${post.data.id}`,
      '/cms/enquiries',
      `/cms/enquiries?id=${enquiryId}`,
      '/cms/category',
      '/cms/settings/school',
      '/cms/users',
      '/cms/roles',
      '/cms/permissions',
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Visits a page with `__xss` (and alert, confirm, prompt) recording any run; returns what ran and risky DOM left. */
  async function visit(page: Page, path: string) {
    await page.goto(path);
    if (!path.startsWith('/cms')) await waitReady(page);
    await page.waitForLoadState('networkidle');
    return page.evaluate(() => {
      const risky = [...document.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes]
          .filter(
            (a) =>
              /^on/i.test(a.name) ||
              (/^(href|src|data|action|formaction|srcdoc)$/i.test(a.name) && /^\s*(javascript|data:text\/html)/i.test(a.value)),
          )
          .map((a) => `${el.tagName.toLowerCase()}[${a.name}=${a.value.slice(0, 40)}]`),
      );
      return { ran: (window as unknown as { __ran: string[] }).__ran, risky };
    });
  }

  it('runs nothing on the public pages or in the back office', async () => {
    const t = await openPage(browser, server.url, DESKTOP);
    const { page, context } = t;
    await context.addInitScript(() => {
      const ran: string[] = [];
      Object.assign(window, {
        __ran: ran,
        __xss: (field: string) => ran.push(field),
        alert: () => ran.push('alert'),
        confirm: () => ran.push('confirm'),
        prompt: () => ran.push('prompt'),
      });
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Blocked inline scripts and broken images are expected console noise here, not failures.
    const findings: string[] = [];
    for (const path of pages.public) {
      const { ran, risky } = await visit(page, path);
      if (ran.length || risky.length) findings.push(`${path}: ran ${ran.join(', ')}; risky ${risky.join(', ')}`);
    }
    await context.addCookies([{ name: 'sid', value: cookie.replace(/^sid=/, '').split(';')[0]!, url: server.url }]);
    for (const path of pages.cms) {
      const { ran, risky } = await visit(page, path);
      if (ran.length || risky.length) findings.push(`${path}: ran ${ran.join(', ')}; risky ${risky.join(', ')}`);
    }
    expect(findings).toEqual([]);
    expect(dialogs).toEqual([]);
    // The pages did show the fields (as text), and the recorder does see a handler that runs.
    await page.goto('/blog/xss-post');
    expect(await page.getByText('post.title', { exact: false }).first().isVisible()).toBe(true);
    await page.goto('/cms/enquiries');
    await expect.poll(() => page.getByText('enquiry.name', { exact: false }).first().isVisible()).toBe(true);
    // The recorder is tried on a blank page: the site's Content-Security-Policy would block the
    // handler, as it blocks any inline one (the DOM check above does not rely on it).
    await page.goto('about:blank');
    await page.setContent('<img src=x onerror="__xss(\'recorder\')">');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toEqual(['recorder']);
    t.errors.length = 0;
    await t.close();
  }, 120_000);
});
