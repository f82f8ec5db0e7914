import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createCategory, createPost } from '../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';

/** Input that used to reach the database (or a quadratic pattern) answers 400 with a message. */
describe('hostile input answers 400, never 500, and never holds the server', () => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    app = await buildTestApp();
    const { admin } = await installTestSchool(app);
    cookie = await sessionCookie(app, admin);
    await createCategory(app, 'Sports');
    await createPost(app, { title: 'Harvest Week', slug: 'harvest-week', status: 'published' });
  });
  afterAll(() => app.close());

  const event = (over: Record<string, unknown>) => ({
    title: 'Sports Day',
    description: 'Races',
    category: 'Sports',
    location: 'Main branch',
    start_date: '2030-05-01T09:00:00Z',
    ...over,
  });

  async function expect400(res: Awaited<ReturnType<FastifyInstance['inject']>>, pattern?: RegExp) {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(typeof body.error).toBe('string');
    if (pattern) expect(JSON.stringify(body)).toMatch(pattern);
  }

  it('refuses a NUL character in sign-in, enquiry and content text', async () => {
    await expect400(
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'ad\u0000min', password: 'x' } }),
      /NUL/,
    );
    await expect400(
      await app.inject({
        method: 'POST',
        url: '/api/enquiries/contact',
        payload: { name: 'A\u0000', email: 'a@b.test', message: 'hello' },
      }),
      /NUL/,
    );
    await expect400(
      await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload: event({ title: 'Day\u0000' }) }),
      /NUL/,
    );
    await expect400(
      await app.inject({ method: 'POST', url: '/api/categories', headers: { cookie }, payload: { name: 'Art\u0000' } }),
      /NUL/,
    );
    await expect400(
      await app.inject({
        method: 'POST',
        url: '/api/users/create',
        headers: { cookie },
        payload: { username: 'nul', email: 'nul@x.test', password: 'maple-kite-lantern', firstName: 'N\u0000', lastName: 'L' },
      }),
      /NUL/,
    );
    await expect400(
      await app.inject({
        method: 'POST',
        url: '/api/roles/create',
        headers: { cookie },
        payload: { name: 'nul_role', displayName: 'Nul\u0000', permissions: {} },
      }),
      /NUL/,
    );
    const stored = (await app.inject('/api/categories')).json().data as Array<{ name: string }>;
    expect(stored.some((c) => c.name.includes('\u0000'))).toBe(false);
  });

  it('answers 400 (or 404) to a NUL in a path or query, including calendar keys', async () => {
    for (const url of ['/events/a%00b.ics', '/api/posts/slug/a%00b', '/api/posts/check-slug/a%00b', '/blog?page=%00']) {
      const res = await app.inject({ url, headers: { cookie } });
      expect([400, 404], url).toContain(res.statusCode);
    }
  });

  it('refuses numbers past the database column range', async () => {
    await expect400(
      await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload: event({ gallery_id: 2147483648 }) }),
      /gallery/i,
    );
    const check = await app.inject({ url: '/api/posts/check-slug/harvest-week?exclude=99999999999', headers: { cookie } });
    expect(check.statusCode).toBe(200);
    expect(check.json().available).toBe(false);
  });

  it('refuses dates in year 0, in negative years and past year 2999', async () => {
    for (const start_date of ['0000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '+010000-01-01T00:00:00Z']) {
      await expect400(
        await app.inject({ method: 'POST', url: '/api/events', headers: { cookie }, payload: event({ start_date }) }),
        /1900 and 2999|valid date/,
      );
    }
  });

  it('stores only time zones the runtime knows, and only http(s) social links', async () => {
    const school = (await app.inject('/api/school')).json().data;
    await expect400(
      await app.inject({ method: 'PUT', url: '/api/school', headers: { cookie }, payload: { ...school, timezone: 'Not/AZone' } }),
      /time zone/,
    );
    for (const link of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://x.test']) {
      await expect400(
        await app.inject({
          method: 'PUT',
          url: '/api/school',
          headers: { cookie },
          payload: { ...school, social: { ...school.social, facebook: link } },
        }),
        /https/,
      );
    }
    // Every page still renders with the school's (unchanged) zone.
    for (const url of ['/api/events', '/api/posts']) expect((await app.inject(url)).statusCode).toBe(200);
  });

  it('answers a post of 200,000 open angle brackets at once (the content check is linear)', async () => {
    const form = new FormData();
    form.set('title', 'Angles');
    form.set('slug', 'angles');
    form.set('content', '<'.repeat(210_000));
    const body = new Response(form);
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    await expect400(res, /too long/);
    // Seconds before the fix; the bound leaves room for a busy machine.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
