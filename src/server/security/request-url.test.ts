import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { enquiries } from '../db/schema/index.ts';
import { isValidHostHeader, normaliseRequestUrl } from '../request-url.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';

describe('normaliseRequestUrl', () => {
  it('spells each path once', () => {
    expect(normaliseRequestUrl('/api/events?x=1')).toBe('/api/events?x=1');
    expect(normaliseRequestUrl('/%61pi/enquiries/contact')).toBe('/api/enquiries/contact');
    expect(normaliseRequestUrl('http://school.example/api/install?x')).toBe('/api/install?x');
    expect(normaliseRequestUrl('//api//install')).toBe('/api/install');
    expect(normaliseRequestUrl('/blog/../api/./install')).toBe('/api/install');
    expect(normaliseRequestUrl('/blog/caf%c3%a9%2fx')).toBe('/blog/caf%C3%A9%2Fx');
    expect(normaliseRequestUrl('/blog/a%00b')).toBeNull();
    expect(normaliseRequestUrl('/blog?q=%00')).toBeNull();
    expect(normaliseRequestUrl('api/install')).toBeNull();
  });

  it('knows a Host header from junk', () => {
    for (const host of ['school.example', 'localhost:3000', '127.0.0.1:80', '[::1]:3000'])
      expect(isValidHostHeader(host)).toBe(true);
    for (const host of ['', 'a b', 'evil.example/x', 'x:99999999', 'a@b', '[zz]', 'a'.repeat(300)]) {
      expect(isValidHostHeader(host)).toBe(false);
    }
  });
});

describe('requests spelled another way reach the same checks', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const contact = {
    name: 'A parent',
    email: 'parent@example.com',
    phone: '+44 20 7946 0000',
    message: 'Hello there',
    elapsedMs: 60_000,
  };

  it('keeps the install gate in front of an encoded or absolute-form API path', async () => {
    app = await buildTestApp();
    for (const url of ['/%61pi/enquiries/contact', 'http://school.example/api/enquiries/contact', '//api/enquiries/contact']) {
      const res = await app.inject({ method: 'POST', url, payload: contact });
      expect(res.statusCode, url).toBe(503);
    }
    expect(await app.db.select().from(enquiries)).toHaveLength(0);
  });

  it('applies the Origin check and loads the session on an encoded path', async () => {
    app = await buildTestApp();
    const { admin } = await installTestSchool(app);
    const cookie = await sessionCookie(app, admin);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/%61pi/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const me = await app.inject({ url: '/%61pi/auth/user', headers: { cookie } });
    expect(me.json().user?.username).toBe('admin');
  });

  it('answers 400 to an encoded NUL and to a malformed Host', async () => {
    app = await buildTestApp();
    await installTestSchool(app);
    expect((await app.inject({ url: '/api/posts/slug/a%00b' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/health', headers: { host: 'bad host/x' } })).statusCode).toBe(400);
  });
});
