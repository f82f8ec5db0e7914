import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../plugins/render.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createCategory, createEvent, createGallery, createPost } from '../test/content-factories.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';
import { SHARED_FIELD_NAMES } from '../test/shared-schemas.ts';

/**
 * A bounded fuzz pass over every route the app registers (read from its route table, so a new
 * route is fuzzed without anyone remembering to), signed in as an administrator and signed out:
 * field names come from the shared zod schemas, values from fast-check. No answer may be a 5xx, and
 * no request may hold the event loop for 100 ms.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
const built = existsSync(join(DIST_DIR, 'ssr/entry-server.js'));

const FIELDS = [...new Set(['id', 'type', 'page', 'limit', 'offset', 'status', 'exclude', 'q', ...SHARED_FIELD_NAMES])];

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  '0000-01-01',
  '-000001-01-01T00:00:00Z',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '<'.repeat(5000),
  '../../etc/passwd',
  'Not/AZone',
  '%00',
  '\uD800',
  '𝒮𝓅𝓇𝑜𝓊𝓉',
  'x'.repeat(100_000),
);
const scalar = fc.oneof(
  nasty,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 4 }) },
);
/**
 * One body that most write routes accept as it is (the schemas drop fields they do not know), so a
 * value changed in one or two fields gets past the other checks and reaches the service and the
 * database, where the surprises are.
 */
const VALID = {
  title: 'Sports Day',
  description: 'Races on the lawn',
  category: 'Sports',
  location: 'Main branch',
  start_date: '2030-05-01T09:00:00Z',
  status: 'published',
  name: 'Asha Rao',
  fatherName: 'Ravi Rao',
  email: 'asha@example.test',
  phone: '+91 98765 43210',
  address: '1 Lake Road',
  birthDate: '2022-01-01',
  admissionDate: '2030-06-01',
  department: 'nursery',
  message: 'Hello',
  username: 'admin',
  password: 'correct-horse-battery',
  firstName: 'Asha',
  lastName: 'Rao',
  slug: 'sports-day',
  content: '<p>Races</p>',
  type: 'images',
  images: ['https://example.test/a.jpg'],
  published: true,
};
const SWEEP = ['a\u0000b', 2 ** 31, '0000-01-01', 'x'.repeat(100_000), { a: 1 }];
const mutated = fc
  .dictionary(
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...Object.keys(VALID)) }, fc.constantFrom(...FIELDS)),
    fc.oneof({ weight: 2, arbitrary: nasty }, value),
    { minKeys: 1, maxKeys: 2 },
  )
  .map((changes) => ({ ...VALID, ...changes }));
const body = fc.oneof(
  { weight: 4, arbitrary: mutated },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 12 }) },
  { weight: 1, arbitrary: value },
);
const segment = fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.nat().map(String));
const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(nasty, fc.string({ maxLength: 20 })), { maxKeys: 4 });

/**
 * A request and the longest the event loop was held while it ran. A long stall is tried once more
 * and the shorter kept: a request that blocks does so again, while a busy machine that left the
 * process waiting for a core rarely does twice.
 */
async function measured(send: () => Promise<{ statusCode: number; body: string }>) {
  const once = async () => {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const res = await send();
    loop.disable();
    return { res, stallMs: loop.max / 1e6 };
  };
  const first = await once();
  if (first.stallMs < 100) return first;
  const again = await once();
  return again.stallMs < first.stallMs ? again : first;
}

function fill(url: string, params: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z_]+|\*/g, () => encodeURIComponent(Buffer.from(params[i++] ?? '1').toString()));
}

// Routes that end the fuzzing session itself; each is tried by its own tests.
const SKIP = new Set(['POST /api/auth/logout']);

describe('fuzzing every route', () => {
  let app: FastifyInstance;
  let admin: { id: number };
  beforeAll(async () => {
    app = await buildTestApp({ pages: built });
    ({ admin } = await installTestSchool(app));
    const category = await createCategory(app, 'Sports');
    const gallery = await createGallery(app, { title: 'Spring' });
    await createEvent(app, { categoryId: category.id, title: 'Sports Day', galleryId: gallery.id });
    await createPost(app, { title: 'Harvest Week', status: 'published' });
  });
  afterAll(() => app?.close());

  it('answers every route without a 5xx and without holding the event loop', async () => {
    const routes = app.routeTable.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !SKIP.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let worstMs = 0;
    let worstRequest = '';
    for (const route of routes) {
      const cookie = await sessionCookie(app, admin);
      // First a sweep: each field of the valid body, one at a time, set to each of the worst values.
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        for (const field of Object.keys(VALID)) {
          for (const worst of SWEEP) {
            const url = fill(route.url, ['1', '1']);
            const res = await app.inject({
              method: route.method as 'POST',
              url,
              headers: { cookie },
              payload: { ...VALID, [field]: worst },
            });
            if (res.statusCode >= 500)
              failures.push(`${res.statusCode} ${route.method} ${url} ${field}=${JSON.stringify(worst).slice(0, 40)}`);
          }
        }
      }
      await fc
        .assert(
          fc.asyncProperty(
            fc.array(segment, { minLength: 2, maxLength: 2 }),
            query,
            body,
            fc.boolean(),
            async (params, q, payload, signedIn) => {
              const url = `${fill(route.url, params)}?${new URLSearchParams(q as Record<string, string>)}`;
              const send = () =>
                app.inject({
                  method: route.method as 'GET',
                  url,
                  headers: signedIn ? { cookie } : {},
                  ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: payload as object }),
                });
              const { res, stallMs } = await measured(send);
              if (stallMs > worstMs) [worstMs, worstRequest] = [stallMs, `${route.method} ${url.slice(0, 120)}`];
              if (res.statusCode >= 500)
                failures.push(`${res.statusCode} ${route.method} ${url.slice(0, 200)} ${res.body.slice(0, 200)}`);
              return res.statusCode < 500;
            },
          ),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        )
        .catch((error: unknown) => failures.push(String(error).slice(0, 600)));
    }
    expect(failures).toEqual([]);
    expect(worstMs, `the longest event-loop stall, during ${worstRequest}`).toBeLessThan(100);
  }, 240_000);
});
