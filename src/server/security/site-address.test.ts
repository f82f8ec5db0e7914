import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../plugins/render.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createCategory, createEvent, createPost } from '../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';

// The pages are server-rendered from the build (`npm test` builds first).
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
const FEEDS = ['/', '/events', '/blog', '/robots.txt', '/sitemap.xml', '/blog/rss.xml', '/events.ics'];

describe.skipIf(!built)('a forged Host header never reaches the links other visitors get', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function schoolWithContent(overrides = {}) {
    app = await buildTestApp({ pages: true, ...overrides });
    const { admin } = await installTestSchool(app);
    await createPost(app, { title: 'Harvest Week', status: 'published' });
    const category = await createCategory(app, 'Sports');
    await createEvent(app, { categoryId: category.id, title: 'Sports Day', startDate: new Date(Date.now() + 86_400_000) });
    return { app, cookie: await sessionCookie(app, admin) };
  }

  it('links to the site address saved in the school profile, whatever the Host or X-Forwarded-Host', async () => {
    const { app, cookie } = await schoolWithContent({ trustProxy: 1 });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/school',
      headers: { cookie },
      payload: { siteUrl: 'https://acorns.example/' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.siteUrl).toBe('https://acorns.example');
    for (const url of FEEDS) {
      const forged = await app.inject({ url, headers: { host: 'evil.example', 'x-forwarded-host': 'evil2.example' } });
      expect(forged.body, url).not.toMatch(/evil/);
      const honest = await app.inject({ url });
      expect(honest.body, url).not.toMatch(/evil/);
    }
    expect((await app.inject('/')).body).toContain('<link rel="canonical" href="https://acorns.example/"');
  });

  it('without a site address, keeps each host’s pages apart, so a forged host poisons nobody else', async () => {
    const { app } = await schoolWithContent();
    for (const url of FEEDS) {
      const forged = await app.inject({ url, headers: { host: 'evil.example' } });
      expect(forged.statusCode, url).toBe(200);
      const honest = await app.inject({ url, headers: { host: 'school.example' } });
      expect(honest.body, url).not.toMatch(/evil/);
    }
  });

  it('behind a proxy and without a site address, links follow Host, never X-Forwarded-Host', async () => {
    const { app } = await schoolWithContent({ trustProxy: 1 });
    // As docs/operations.md's nginx config sends it: Host passed on, the scheme in X-Forwarded-Proto; the
    // client added an X-Forwarded-Host of its own, which nginx passes untouched.
    const headers = { host: 'school.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
    for (const url of FEEDS) {
      const forged = await app.inject({ url, headers });
      expect(forged.statusCode, url).toBe(200);
      expect(forged.body, url).not.toMatch(/evil/);
      const honest = await app.inject({ url, headers: { host: 'school.example', 'x-forwarded-proto': 'https' } });
      expect(honest.body, url).not.toMatch(/evil/);
    }
    expect((await app.inject({ url: '/', headers })).body).toContain('<link rel="canonical" href="https://school.example/"');
    expect((await app.inject({ url: '/blog/rss.xml', headers })).body).toContain('<link>https://school.example/blog</link>');
    // A junk X-Forwarded-Host is simply not read; a junk Host is refused.
    expect((await app.inject({ url: '/', headers: { ...headers, 'x-forwarded-host': 'a b/c' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/', headers: { ...headers, host: 'a b/c' } })).statusCode).toBe(400);
  });

  it('refuses a site address that is not an http(s) origin', async () => {
    const { app, cookie } = await schoolWithContent();
    for (const siteUrl of ['javascript:alert(1)', 'https://acorns.example/path', 'ftp://acorns.example', 'acorns']) {
      const res = await app.inject({ method: 'PUT', url: '/api/school', headers: { cookie }, payload: { siteUrl } });
      expect(res.statusCode, siteUrl).toBe(400);
    }
  });
});
