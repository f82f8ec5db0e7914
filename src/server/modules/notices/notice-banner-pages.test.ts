import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { DIST_DIR } from '../../plugins/render.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { testDriver } from '../../test/test-database.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';

// Issue 33, "the banner shows and then ends by itself": public pages are kept (page cache) and
// their reads remembered, yet a notice shows from its start and goes at its end without any write.
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
const ROOT = resolve(import.meta.dirname, '../../../..');

describe.skipIf(!built)('the notice banner on cached public pages', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
    admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  }, 60_000);
  afterAll(() => app?.close());

  const page = (url: string) => app.inject({ url });
  async function publish(
    title: string,
    times: { startsAt?: Date; endsAt: Date },
    urgency = 'closure',
    audience: { audience: string; audienceBranch?: string } = { audience: 'everyone' },
  ) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notices',
      headers: { cookie: admin },
      payload: {
        title,
        body: 'The school is closed today because of snow.',
        urgency,
        ...audience,
        published: true,
        startsAt: times.startsAt?.toISOString(),
        endsAt: times.endsAt.toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('shows a live notice on every page, kept in the cache, and takes it off by itself at its end', async () => {
    const endsAt = new Date(Date.now() + 3_000);
    await publish('Closed today: snow', { endsAt });
    const home = await page('/');
    expect(home.body).toContain('Closed today: snow');
    expect(home.body).toMatch(/<section aria-labelledby="notice-\d+"[^>]*>/);
    expect(home.body).toContain('Closure notice');
    expect(home.body).not.toMatch(/role="alert"[^>]*>[^<]*Closed today/);
    // The same bytes from the cache on the next visit; other pages carry it too.
    expect((await page('/')).headers.etag).toBe(home.headers.etag);
    expect(app.pageCache.size).toBeGreaterThan(0);
    expect((await page('/events')).body).toContain('Closed today: snow');

    const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(home.body, join(ROOT, 'public-page.html'));
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);

    await expect
      .poll(async () => (await page('/')).body.includes('Closed today: snow'), { timeout: 10_000, interval: 200 })
      .toBe(false);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime());
    expect((await page('/events')).body).not.toContain('Closed today: snow');
  });

  it('shows a scheduled notice when it starts, with no write in between', async () => {
    const startsAt = new Date(Date.now() + 2_000);
    await publish('New menu from today', { startsAt, endsAt: new Date(Date.now() + 3_600_000) }, 'information');
    const before = await page('/');
    expect(before.body).not.toContain('New menu from today');
    expect((await page('/')).headers.etag).toBe(before.headers.etag);
    await expect
      .poll(async () => (await page('/')).body.includes('New menu from today'), { timeout: 10_000, interval: 200 })
      .toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
    expect((await page('/blog')).body).toContain('New menu from today');
  });

  it("shows a branch's closure on the public site, named by its branch, but not a branch's other news", async () => {
    const endsAt = new Date(Date.now() + 3_600_000);
    const branch = TEST_BRANCHES[0]!.name;
    await publish('Closed today: burst pipe', { endsAt }, 'closure', { audience: 'branch', audienceBranch: branch });
    await publish('Sports day kit list', { endsAt }, 'information', { audience: 'branch', audienceBranch: branch });
    const home = await page('/');
    expect(home.body).toContain('Closed today: burst pipe');
    expect(home.body).toContain(`Closure notice · ${branch}`);
    expect(home.body).not.toContain('Sports day kit list');
  });

  it.runIf(testDriver() === 'pg')(
    'ends on another instance too, which heard of the notice but never wrote it (PostgreSQL)',
    async () => {
      const other = await buildTestApp({
        database: await openDb({ kind: 'pg', url: app.database.current.url!, poolSize: 2 }),
        pages: true,
        publicUrl: 'https://school.example',
      });
      try {
        await other.ready();
        const until = Date.now() + 5000;
        while (!(app.siteChanges.listening() && other.siteChanges.listening()) && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await other.inject({ url: '/' })).statusCode).toBe(200);
        await publish('Closed at noon: storm', { endsAt: new Date(Date.now() + 3_000) });
        await expect
          .poll(async () => (await other.inject({ url: '/' })).body.includes('Closed at noon: storm'), {
            timeout: 5_000,
            interval: 100,
          })
          .toBe(true);
        await expect
          .poll(async () => (await other.inject({ url: '/' })).body.includes('Closed at noon: storm'), {
            timeout: 10_000,
            interval: 200,
          })
          .toBe(false);
      } finally {
        await other.close();
      }
    },
    60_000,
  );
});
