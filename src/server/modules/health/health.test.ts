import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool } from '../../test/factories.ts';

describe('health and readiness', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('GET /api/health answers while the process is up', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /api/ready answers 200 when the database answers', async () => {
    const res = await app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ready');
  });

  it('GET /api/ready answers 503 with a reason once the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.current.close();
    const res = await other.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(/Database not reachable/);
    await other.close().catch(() => {});
  });
});

describe('bad input', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await installTestSchool(app);
    // A write route that echoes, to exercise body parsing on a real route.
    app.post('/api/test-echo', async (request) => ({ got: request.body }));
  });
  afterAll(() => app.close());

  it('answers unknown API paths with JSON 404', async () => {
    const res = await app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error).toMatch(/not found/i);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The request body is not valid JSON.');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/content type/i);
  });

  it('answers a body over the limit with 413', async () => {
    const payload = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/too large/);
  });

  it('sends the security headers', async () => {
    const res = await app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
