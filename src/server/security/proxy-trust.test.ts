import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../env.ts';
import { isNearbyAddress } from '../proxy-trust.ts';
import { buildTestApp, TEST_SETUP_CODE } from '../test/build-test-app.ts';
import { createUser, installTestSchool, TEST_PASSWORD } from '../test/factories.ts';
import { installPayload } from '../test/install-payload.ts';

// Behind one nginx on the same machine: the connection comes from 127.0.0.1 and nginx appends the
// real client to whatever X-Forwarded-For the client sent.
const viaProxy = (client: string, spoofed?: string) => ({
  remoteAddress: '127.0.0.1',
  headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client, host: 'school.example' },
});

describe('TRUST_PROXY', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('reads a hop count or a list of addresses, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1,10.0.0.0/8');
    expect(parseTrustProxy('everyone')).toBeNull();
    expect(isNearbyAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isNearbyAddress('203.0.113.9')).toBe(false);
    // A client that hung up before its request was read: the socket has no address any more.
    expect(isNearbyAddress(undefined)).toBe(false);
  });

  it('asks a request that came through the proxy for the setup code, whatever X-Forwarded-For says', async () => {
    app = await buildTestApp({ trustProxy: 1 });
    const spoofed = await app.inject({
      method: 'POST',
      url: '/api/install',
      payload: installPayload({ setupCode: undefined }),
      ...viaProxy('203.0.113.9', '127.0.0.1'),
    });
    expect(spoofed.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/install/status', ...viaProxy('203.0.113.9', '127.0.0.1') })).json()).toMatchObject({
      installed: false,
      needsSetupCode: true,
    });
    const withCode = await app.inject({
      method: 'POST',
      url: '/api/install',
      payload: installPayload({ setupCode: TEST_SETUP_CODE }),
      ...viaProxy('203.0.113.9'),
    });
    expect(withCode.statusCode).toBe(201);
  });

  // nginx with a bare `proxy_pass http://127.0.0.1:3000;`: Host 127.0.0.1:3000, no X-Forwarded-For,
  // so every visitor is a loopback connection with a local Host.
  it('refuses an install from 127.0.0.1 without the code (a bare proxy_pass sends no forwarding header)', async () => {
    app = await buildTestApp();
    for (const path of ['/api/install', '/api/testDatabaseDetails', '/api/install/check-code']) {
      const res = await app.inject({
        method: 'POST',
        url: path,
        remoteAddress: '127.0.0.1',
        headers: { host: '127.0.0.1:3000' },
        payload: path === '/api/install' ? installPayload({ setupCode: undefined }) : {},
      });
      expect(res.statusCode, path).toBe(403);
    }
    expect((await app.inject({ url: '/api/install/status', headers: { host: '127.0.0.1:3000' } })).json()).toMatchObject({
      installed: false,
      needsSetupCode: true,
    });
    expect((await app.inject({ url: '/api/install/status' })).json().installed).toBe(false);
  });

  it('asks for the code when the Host is not a local name (a rebinding page in the installer’s browser)', async () => {
    app = await buildTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/install',
      payload: installPayload({ setupCode: undefined }),
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('takes the client address from the proxy’s own entry, so a spoofed entry lifts no limit', async () => {
    app = await buildTestApp({ trustProxy: 1 });
    await installTestSchool(app);
    const login = (username: string, password: string, spoofed: string) =>
      app!.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        ...viaProxy('203.0.113.9', spoofed),
      });
    for (let i = 0; i < 20; i++) await login(`guess${i}`, 'wrong', `10.0.${i}.1`);
    const blocked = await login('admin', TEST_PASSWORD, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    // Another real client behind the same proxy is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: TEST_PASSWORD },
      ...viaProxy('198.51.100.4'),
    });
    expect(other.statusCode).toBe(200);
  });

  it('believes no X-Forwarded-For from a client that reaches the server directly', async () => {
    app = await buildTestApp({ trustProxy: 1 });
    await installTestSchool(app);
    await createUser(app, { role: 'admin', username: 'second' });
    for (let i = 0; i < 20; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `guess${i}`, password: 'wrong' },
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `10.0.${i}.1` },
      });
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'second', password: TEST_PASSWORD },
      remoteAddress: '203.0.113.50',
      headers: { 'x-forwarded-for': '10.99.0.1' },
    });
    expect(res.statusCode).toBe(429);
  });

  it('counts wrong setup codes per real client, so one client cannot lock the installer out', async () => {
    app = await buildTestApp({ trustProxy: 1 });
    for (let i = 0; i < 10; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/install/check-code',
        payload: { setupCode: `WRONG-${i}` },
        ...viaProxy('203.0.113.9'),
      });
    }
    const attacker = await app.inject({
      method: 'POST',
      url: '/api/install/check-code',
      payload: { setupCode: TEST_SETUP_CODE },
      ...viaProxy('203.0.113.9'),
    });
    expect(attacker.statusCode).toBe(429);
    const installer = await app.inject({
      method: 'POST',
      url: '/api/install/check-code',
      payload: { setupCode: TEST_SETUP_CODE },
      ...viaProxy('198.51.100.4'),
    });
    expect(installer.statusCode).toBe(200);
  });
});
