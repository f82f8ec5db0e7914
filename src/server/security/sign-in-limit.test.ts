import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_SETUP_CODE } from '../test/build-test-app.ts';
import { createUser, installTestSchool, TEST_PASSWORD } from '../test/factories.ts';

describe('sign-in limit under a burst', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await installTestSchool(app);
  });
  afterAll(() => app.close());

  const login = (username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

  it('evaluates at most five passwords of a burst of 60, so the right one at #45 does not sign in', async () => {
    const user = await createUser(app, { role: 'manager', username: 'teacher' });
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login('teacher', i === 44 ? TEST_PASSWORD : `guess-${i}`, `10.3.${i}.1`)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(55);
    expect(statuses[44]).toBe(429);
    expect(burst[44]!.headers['retry-after']).toBeDefined();
    // The account stays locked whichever of its names is typed.
    expect((await login(user.email, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(429);
  });

  it('counts the username and the e-mail address as one account', async () => {
    const user = await createUser(app, { role: 'manager', username: 'nurse' });
    for (let i = 0; i < 3; i++) expect((await login('nurse', 'wrong', `10.5.${i}.1`)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(user.email.toUpperCase(), 'wrong', `10.6.${i}.1`)).statusCode).toBe(401);
    expect((await login('NURSE', TEST_PASSWORD, '10.7.0.1')).statusCode).toBe(429);
  });

  it('checks exactly 20 of 30 sign-ins sent at once from one address, whatever names they try', async () => {
    await createUser(app, { role: 'manager', username: 'cook' });
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(i % 10 === 0 ? 'cook' : `nobody-${i}`, `guess-${i}`, '203.0.113.77')),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(20);
    expect(statuses.filter((s) => s === 429).length).toBe(10);
    // Counted before the check: the right password is refused now too.
    expect((await login('cook', TEST_PASSWORD, '203.0.113.77')).statusCode).toBe(429);
  });
});

describe('setup-code limit under a burst', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('checks exactly 10 of 30 wrong setup codes sent at once from one address; the rest answer 429', async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/install/check-code',
          payload: { setupCode: `WRONG-${i}` },
          remoteAddress: '203.0.113.88',
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 403).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(20);
    const right = await app.inject({
      method: 'POST',
      url: '/api/install/check-code',
      payload: { setupCode: TEST_SETUP_CODE },
      remoteAddress: '203.0.113.88',
    });
    expect(right.statusCode).toBe(429);
  });
});
