import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../test/factories.ts';
import { CLIENT_DIST, DIST_DIR } from './render.ts';

// The back office's page starts its files and carries its user: no chain of requests before the first screen.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
const manifestOf = (name: string) =>
  built ? (JSON.parse(readFileSync(join(CLIENT_DIST, '.vite', name), 'utf8')) as Record<string, { file: string }>) : {};
const manifest = manifestOf('cms-manifest.json');
const chunkOf = (screen: string) => manifest[`src/client/app/routes/cms/screens/${screen}.tsx`]!.file;

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  if (!built) return;
  app = await buildTestApp({ pages: true });
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
});
afterAll(async () => {
  await app?.close();
});

describe.skipIf(!built)('the back office page', () => {
  it("loads the staff entry, not the public one, and preloads the chunk of the screen it opens, and nothing of another screen's", async () => {
    const events = (await app.inject({ url: '/cms/events', headers: { cookie: admin } })).body;
    expect(events).toContain(`<script type="module" crossorigin src="/${manifest['cms.html']!.file}">`);
    expect(events).not.toContain(manifestOf('manifest.json')['index.html']!.file);
    expect(events).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${chunkOf('events-list')}"`);
    expect(events).not.toContain(`href="/${chunkOf('users')}"`);
    const edit = (await app.inject({ url: '/cms/events/edit/12', headers: { cookie: admin } })).body;
    expect(edit).toContain(`href="/${chunkOf('event-form')}"`);
    expect(edit).not.toContain(`href="/${chunkOf('event-detail')}"`);
  });

  it("signed out, preloads the sign-in screen's chunk (the forms' code) and no screen's; a signed-in page neither", async () => {
    const login = manifest['src/client/app/routes/cms/shell/login-screen.tsx']!.file;
    const reset = manifest['src/client/app/routes/cms/shell/reset-password-screen.tsx']!.file;
    const signedOut = (await app.inject({ url: '/cms' })).body;
    expect(signedOut).toContain(`href="/${login}"`);
    expect(signedOut).not.toContain(`href="/${chunkOf('overview')}"`);
    const resetPage = (await app.inject({ url: '/cms/reset-password' })).body;
    expect(resetPage).toContain(`href="/${reset}"`);
    const signedIn = (await app.inject({ url: '/cms', headers: { cookie: admin } })).body;
    expect(signedIn).toContain(`href="/${chunkOf('overview')}"`);
    expect(signedIn).not.toContain(login);
    // Decision 22: the overview starts without the chunk of what only other screens share.
    const shared = Object.values(manifest).find(({ file }) => /\/screens-[^/]*\.js$/.test(file))!.file;
    expect(signedIn).not.toContain(shared);
    expect((await app.inject({ url: '/cms/events', headers: { cookie: admin } })).body).toContain(shared);
  });

  it("preloads what the website's editors open on: a section's words, a page; nothing for an address the screen would not read", async () => {
    const preloadOf = async (url: string) =>
      [
        ...(await app.inject({ url, headers: { cookie: admin } })).body.matchAll(/rel="preload" as="fetch"[^>]*href="([^"]+)"/g),
      ].map((m) => m[1]);
    expect(await preloadOf('/cms/website/programs')).toContain('/api/website/sections/programs');
    expect(await preloadOf('/cms/website/pages/7')).toContain('/api/website/pages/7');
    for (const url of ['/cms/website/nowhere', '/cms/website/pages/x1', '/cms/website/pages', '/cms/website/programs?x=1'])
      expect((await preloadOf(url)).filter((u) => u!.startsWith('/api/website'))).toEqual([]);
    const reader = await sessionCookie(app, await createUser(app, { role: null, permissions: { blog: { read: true } } }));
    expect((await app.inject({ url: '/cms/website/programs', headers: { cookie: reader } })).body).not.toContain('/api/website/');
  });

  it('carries the signed-in user, for that person only and never from the cache', async () => {
    const signedIn = await app.inject({ url: '/cms/blog', headers: { cookie: admin } });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const block = /<script type="application\/json" id="cms-user">(.*?)<\/script>/.exec(signedIn.body)?.[1];
    const api = (await app.inject({ url: '/api/auth/user', headers: { cookie: admin } })).json();
    expect(JSON.parse(block!)).toEqual({ ...api, user: { ...api.user, updatedAt: expect.any(String) } });
    expect(signedIn.body).toContain(`href="/${chunkOf('blog-admin')}"`);
    // The editor's chunk is not fetched with the page, even for a writer: it starts after the
    // screen's first paint, and fetched with the page it held that paint back (issue 30).
    const editor = manifest['src/client/features/posts/components/rich-text-editor.tsx']!.file;
    expect(signedIn.body).not.toContain(editor);

    for (const cookie of [undefined, 'sid=not-a-session']) {
      const other = await app.inject({ url: '/cms/blog', headers: cookie ? { cookie } : {} });
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain('cms-user');
      expect(other.body).not.toContain('admin@');
    }
  });
});
