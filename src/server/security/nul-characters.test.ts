import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../test/factories.ts';

// PostgreSQL stores no NUL in text: a field carrying one is the caller's mistake (400), never a 500,
// whether a schema catches it (staff and roles) or the database refuses it (any other field).

let app: FastifyInstance;
let cookie: string;
beforeAll(async () => {
  app = await buildTestApp();
  cookie = await sessionCookie(app, (await installTestSchool(app)).admin);
});
afterAll(() => app.close());

describe('a NUL character in what is sent', () => {
  it('is a 400 on every kind of write, and nothing is stored', async () => {
    for (const [url, payload] of [
      ['/api/categories', { name: 'Art\u0000' }],
      [
        '/api/users/create',
        { username: 'nul', email: 'nul@x.test', password: 'maple-kite-lantern', firstName: 'N\u0000', lastName: 'L' },
      ],
      ['/api/roles/create', { name: 'nul_role', displayName: 'Nul\u0000', permissions: {} }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload, headers: { cookie } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/NUL character/);
    }
    expect((await app.inject('/api/categories')).json().data).toEqual([]);
  });
});
