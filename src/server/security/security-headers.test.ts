import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import { parseHsts } from '../env.ts';
import { SECURITY_HEADERS } from '../plugins/security-headers.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';

// Issue 29 (15): the 400s for a bad URL or Host went out without the security headers, and
// Strict-Transport-Security was never sent.

/** Raw requests on one socket, each sent after its pause (ms); the whole answer as text. */
function rawRequest(port: number, ...parts: Array<string | number>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', async () => {
      for (const part of parts) {
        if (typeof part === 'number') await new Promise((resolve) => setTimeout(resolve, part));
        else socket.write(part);
      }
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy());
  });
}

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${what}: ${name}`).toBe(value);
}

describe('every answer carries the security headers', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const start = async (overrides: Partial<AppConfig> = {}) => {
    app = await buildTestApp(overrides);
    await installTestSchool(app);
    return app;
  };

  it('the early 400s for a bad URL or Host, the router’s own 400, and a 404', async () => {
    const app = await start();
    const answers = {
      'encoded NUL': await app.inject({ url: '/api/posts/slug/a%00b' }),
      'bad encoding': await app.inject({ url: '/api/site/posts/%E0%A4%A' }),
      'bad Host': await app.inject({ url: '/api/health', headers: { host: 'bad host/x' } }),
      'long path': await app.inject({ url: `/api/site/posts/${'a'.repeat(300)}` }),
      'unknown API path': await app.inject({ url: '/api/nothing-here' }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
      expectSecurityHeaders(res.headers, what);
    }
  });

  it('what Node refuses before Fastify sees a request (bad header, headers too large), and a request without a Host', async () => {
    const app = await start({ publicUrl: 'https://school.example' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const badHeader = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: school.example\r\nBad Header: x\r\n\r\n');
    const huge = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: school.example\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const noHost = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(noHost).toContain('The Host header of this request is not valid.');
    for (const [what, answer] of Object.entries({ badHeader, huge, noHost })) {
      expect(answer, what).toMatch(/^HTTP\/1\.1 4(00|31) /);
      const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(head, `${what}: ${name}`).toContain(`${name}: ${value}`.toLowerCase());
      expect(head, what).toContain('strict-transport-security: max-age=31536000');
    }
  });
  it('the 503 to a request that arrives while the server closes', async () => {
    const app = await start();
    let closing = () => {};
    app.get('/slow', async () => {
      closing();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return 'done';
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    let closed: Promise<void> | undefined;
    closing = () => {
      closed = app.close();
    };
    // Two requests on one connection: the second arrives after close() began, the first still running.
    const answer = await rawRequest(
      port,
      'GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n',
      100,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );
    await closed;
    const second = answer.slice(answer.indexOf('HTTP/1.1', 10));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    const head = second.slice(0, second.indexOf('\r\n\r\n')).toLowerCase();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(head, name).toContain(`${name}: ${value}`.toLowerCase());
  });
});

describe('Strict-Transport-Security', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('reads HSTS as on, off or a max-age', () => {
    expect(parseHsts(undefined)).toBe(31_536_000);
    expect(parseHsts('on')).toBe(31_536_000);
    expect(parseHsts('off')).toBe(false);
    expect(parseHsts('300')).toBe(300);
    expect(parseHsts('0')).toBe(0);
    expect(parseHsts('forever')).toBeNull();
  });

  it('is sent on every answer while the site address is https, the early 400s too', async () => {
    app = await buildTestApp({ publicUrl: 'https://school.example' });
    await installTestSchool(app);
    for (const res of [
      await app.inject('/api/health'),
      await app.inject('/api/nothing-here'),
      await app.inject({ url: '/api/health', headers: { host: 'bad host/x' } }),
      await app.inject({ url: '/api/posts/slug/a%00b' }),
    ]) {
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });

  it('follows the site address saved in the school profile, and is not sent for http', async () => {
    app = await buildTestApp();
    const { admin } = await installTestSchool(app);
    const cookie = await sessionCookie(app, admin);
    expect((await app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
    const save = (siteUrl: string) =>
      app!.inject({ method: 'PUT', url: '/api/school', headers: { cookie }, payload: { siteUrl } });
    expect((await save('http://school.example')).statusCode).toBe(200);
    expect((await app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
    expect((await save('https://school.example')).statusCode).toBe(200);
    expect((await app.inject('/api/health')).headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('takes its max-age from HSTS, and is never sent with HSTS=off', async () => {
    app = await buildTestApp({ publicUrl: 'https://school.example', hstsMaxAge: 300 });
    expect((await app.inject('/api/health')).headers['strict-transport-security']).toBe('max-age=300');
    await app.close();
    app = await buildTestApp({ publicUrl: 'https://school.example', hstsMaxAge: false });
    expect((await app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
  });
});
