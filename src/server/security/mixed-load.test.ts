import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, enquiries, posts } from '../db/schema/index.ts';
import { FormTokens } from '../modules/enquiries/form-token.ts';
import { DIST_DIR } from '../plugins/render.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../test/factories.ts';

const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));
/** Bounded for `npm test`; `npm run bench:backup -- --load=60` runs the 60 s soak over HTTP. */
const SECONDS = 6;

/**
 * Mixed traffic on one school, on each database: parents reading pages and sending the contact form,
 * staff signing in and writing. No answer is a 5xx, and every write that was acknowledged is stored.
 */
describe.skipIf(!built)('mixed traffic', () => {
  it(`for ${SECONDS} s answers no 5xx and loses no acknowledged write`, async () => {
    const app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
    try {
      const { admin } = await installTestSchool(app);
      const cookie = await sessionCookie(app, admin);
      const teacher = await createUser(app, { role: null, permissions: { blog: { read: true, write: true } } });
      const tokens = new FormTokens(app.db);

      const failures: string[] = [];
      const counts = { pages: 0, signIns: 0, forms: 0, writes: 0 };
      const saved = { categories: [] as string[], posts: [] as string[], enquiries: [] as number[] };
      const check = (what: string, res: { statusCode: number; body: string }) => {
        if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        return res.statusCode;
      };
      const until = Date.now() + SECONDS * 1000;
      const loop = (job: (i: number) => Promise<void>) => async () => {
        for (let i = 0; Date.now() < until; i++) await job(i);
      };
      let n = 0;
      const parent = loop(async (i) => {
        for (const url of ['/', '/events', '/blog', '/api/site/events?limit=6', '/about']) {
          check(url, await app.inject({ url, headers: { 'accept-encoding': i % 2 ? 'br, gzip' : 'identity' } }));
          counts.pages++;
        }
      });
      const family = loop(async () => {
        const id = n++;
        const formToken = await tokens.issue('contact', Date.now() - 60_000);
        const res = await app.inject({
          method: 'POST',
          url: '/api/enquiries/contact',
          remoteAddress: `10.${(id >> 8) & 255}.${id & 255}.7`,
          payload: {
            formToken,
            name: `Parent ${id}`,
            email: `parent${id}@example.com`,
            message: 'Do you have a summer camp?',
            website: '',
          },
        });
        if (check('contact form', res) === 201) saved.enquiries.push(id);
        counts.forms++;
      });
      const signingIn = loop(async (i) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.200.${i & 255}.1`,
          payload: { username: teacher.username, password: i % 4 ? teacher.password : 'wrong-password' },
        });
        check('sign-in', res);
        counts.signIns++;
      });
      const staff = loop(async () => {
        const id = n++;
        const category = await app.inject({
          method: 'POST',
          url: '/api/categories',
          headers: { cookie },
          payload: { name: `Load ${id}` },
        });
        if (check('category', category) === 201) saved.categories.push(`Load ${id}`);
        const post = await app.inject({
          method: 'POST',
          url: '/api/posts',
          headers: { cookie },
          payload: {
            title: `Week ${id} in class`,
            slug: `week-${id}-in-class`,
            content: '<p>Painting and songs.</p>',
            status: 'published',
          },
        });
        if (check('post', post) === 201) saved.posts.push(`week-${id}-in-class`);
        counts.writes += 2;
      });
      await Promise.all([parent(), parent(), family(), signingIn(), staff(), staff()]);

      expect(failures).toEqual([]);
      expect(counts.pages).toBeGreaterThan(0);
      expect(counts.forms * counts.signIns * counts.writes).toBeGreaterThan(0);
      const storedCategories = await app.db
        .select({ name: categories.name })
        .from(categories)
        .where(inArray(categories.name, saved.categories));
      expect(storedCategories.map((c) => c.name).sort()).toEqual([...saved.categories].sort());
      const storedPosts = await app.db.select({ slug: posts.slug }).from(posts).where(inArray(posts.slug, saved.posts));
      expect(storedPosts.length).toBe(saved.posts.length);
      const storedEnquiries = await app.db.select({ name: enquiries.name }).from(enquiries);
      const names = new Set(storedEnquiries.map((e) => e.name));
      expect(saved.enquiries.filter((id) => !names.has(`Parent ${id}`))).toEqual([]);
      // The latest post is on the public blog: the writes reached the pages too.
      if (saved.posts.length) {
        const last = saved.posts.at(-1)!;
        expect((await app.inject({ url: `/blog/${last}` })).statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
