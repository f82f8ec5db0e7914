import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/build-test-app.ts';
import { installTestSchool } from '../test/factories.ts';
import { isNotable, type AccessLog } from './request-log.ts';

type Line = Record<string, unknown>;

/** An installed school whose log lines (JSON) are collected in `lines`, emptied after the install. */
function loggingApp(accessLog?: AccessLog) {
  const state: { app?: FastifyInstance; lines: Line[] } = { lines: [] };
  beforeAll(async () => {
    state.app = await buildTestApp({
      logLevel: 'info',
      accessLog,
      logStream: { write: (line: string) => state.lines.push(JSON.parse(line) as Line) },
    });
    await installTestSchool(state.app);
    state.lines.length = 0;
  });
  afterAll(() => state.app?.close());
  return state;
}

const requestLines = (lines: Line[]) => lines.filter((l) => 'status' in l || /request/.test(String(l.msg)));

describe('request log, by default', () => {
  const s = loggingApp();

  it('writes no line for a read, and one line for each write or refused API call', async () => {
    expect((await s.app!.inject({ method: 'GET', url: '/api/school' })).statusCode).toBe(200);
    expect((await s.app!.inject({ method: 'GET', url: '/api/categories/get' })).statusCode).toBeLessThan(500);
    expect(requestLines(s.lines)).toEqual([]);

    await s.app!.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@school.test', password: 'wrong-one' },
    });
    await s.app!.inject({ method: 'GET', url: '/api/roles/get' });
    const logged = requestLines(s.lines);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ method: 'POST', url: '/api/auth/login', level: 30 });
    expect(String(logged[0]!.msg)).toMatch(/^POST \/api\/auth\/login 4\d\d \d+ ms$/);
    expect(logged[1]).toMatchObject({ method: 'GET', url: '/api/roles/get', status: 401 });
    // Never the body: the password stays out of the log.
    expect(JSON.stringify(s.lines)).not.toContain('wrong-one');
  });
});

describe('request log, as an access log', () => {
  const s = loggingApp('all');
  it('writes a line for every request', async () => {
    await s.app!.inject({ method: 'GET', url: '/api/school' });
    expect(requestLines(s.lines)).toEqual([expect.objectContaining({ method: 'GET', url: '/api/school', status: 200 })]);
  });
});

describe('request log, off', () => {
  const s = loggingApp('off');
  it('writes no request line, not even for a write', async () => {
    await s.app!.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(requestLines(s.lines)).toEqual([]);
  });
});

describe('notable requests', () => {
  it('are errors, slow answers, writes and refused API calls', () => {
    expect(isNotable('GET', '/', 200, 3)).toBe(false);
    expect(isNotable('GET', '/no-such-page', 404, 3)).toBe(false);
    expect(isNotable('GET', '/', 500, 3)).toBe(true);
    expect(isNotable('GET', '/', 200, 1500)).toBe(true);
    expect(isNotable('PUT', '/api/school', 200, 3)).toBe(true);
    expect(isNotable('GET', '/api/users', 403, 3)).toBe(true);
  });
});
