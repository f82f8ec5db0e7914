import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { settings } from '../db/schema/index.ts';
import { FORM_TOKEN_SECRET_KEY, FormTokens } from '../modules/enquiries/form-token.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { installTestSchool } from '../test/factories.ts';

// The enquiry forms' minimum fill time is measured by the server (a signed, timestamped token),
// not taken from a number the browser sends.

const contact = { name: 'Meera', email: 'meera@example.com', message: 'Do you have a summer camp?', website: '' };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

let ipCounter = 1;
const send = (payload: object, type: 'admission' | 'contact' = 'contact') =>
  app.inject({ method: 'POST', url: `/api/enquiries/${type}`, payload, remoteAddress: `10.1.0.${ipCounter++}` });
const fetchToken = async (type = 'contact') => {
  const res = await app.inject({ url: `/api/enquiries/form-token?type=${type}` });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
};
const later = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
};

describe('GET /api/enquiries/form-token', () => {
  it('answers a fresh token per form type that no cache may keep', async () => {
    const res = await app.inject({ url: '/api/enquiries/form-token?type=admission' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().token).toEqual(expect.any(String));
    expect((await app.inject({ url: '/api/enquiries/form-token?type=other' })).statusCode).toBe(400);
  });
});

describe('POST /api/enquiries/{type} and the fill time', () => {
  it('no longer believes a fill time the browser claims', async () => {
    const res = await send({ ...contact, elapsedMs: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please reload the page and send the form again.');
  });

  it('refuses a form sent sooner than a person could fill it in', async () => {
    const res = await send({ ...contact, formToken: await fetchToken() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('That was quick!');
  });

  it('accepts the form once the minimum fill time has passed', async () => {
    const formToken = await fetchToken();
    later(5_000);
    const res = await send({ ...contact, formToken });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.id).toEqual(expect.any(Number));
  });

  it('refuses a forged, altered, other-form or expired token with a message a parent can act on', async () => {
    const formToken = await fetchToken();
    const [issuedAt, signature] = formToken.split('.') as [string, string];
    const backdated = `${Number(issuedAt) - 60_000}.${signature}`;
    const flipped = `${issuedAt}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    later(5_000);
    for (const token of [backdated, flipped, 'nonsense', `${Date.now() - 60_000}.${'x'.repeat(43)}`]) {
      const res = await send({ ...contact, formToken: token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error).toBe('Please reload the page and send the form again.');
    }
    expect((await send({ ...contact, formToken })).statusCode).toBe(201);
    vi.useRealTimers();
    const forAdmission = await new FormTokens(app.db).issue('admission', Date.now() - 60_000);
    expect((await send({ ...contact, formToken: forAdmission })).json().error).toContain('reload the page');
    const stale = await new FormTokens(app.db).issue('contact', Date.now() - 25 * 60 * 60 * 1000);
    expect((await send({ ...contact, formToken: stale })).json().error).toContain('reload the page');
  });
});

describe('the signing secret', () => {
  it('is one random secret in settings, shared by every process on the database, even when they start together', async () => {
    await app.db.delete(settings).where(eq(settings.key, FORM_TOKEN_SECRET_KEY));
    const [a, b] = [new FormTokens(app.db), new FormTokens(app.db)];
    const now = Date.now();
    const [tokenA, tokenB] = await Promise.all([a.issue('contact', now - 10_000), b.issue('contact', now - 10_000)]);
    expect(tokenA).toBe(tokenB);
    expect(await new FormTokens(app.db).check(tokenA, 'contact', 3_000, now)).toBe('ok');
    const rows = await app.db.select().from(settings).where(eq(settings.key, FORM_TOKEN_SECRET_KEY));
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.value).length).toBeGreaterThanOrEqual(43);
  });
});
