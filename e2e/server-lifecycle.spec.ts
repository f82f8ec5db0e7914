import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI } from './support/env.ts';
import { PG_URL, postgresReachable } from './support/postgres.ts';
import { E2E_SETUP_CODE, startServer, type RunningServer } from './support/server.ts';
import { TcpProxy } from './support/tcp-proxy.ts';

const pgMissing = !(await postgresReachable());
if (pgMissing && IN_CI) throw new Error(`PostgreSQL tests are mandatory in CI: nothing answers at ${new URL(PG_URL).host}`);
if (pgMissing) console.warn(`⚠ Skipping the PostgreSQL outage test: no PostgreSQL at ${new URL(PG_URL).host}`);

async function timed<T>(fn: () => Promise<T>) {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

describe.skipIf(pgMissing)('on PostgreSQL, when the database goes away', () => {
  const name = `sprout_outage_${randomBytes(4).toString('hex')}`;
  const target = new URL(PG_URL);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let server: RunningServer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const port = await proxy.start();
    const url = new URL(PG_URL);
    url.port = String(port);
    url.pathname = `/${name}`;
    server = await startServer({ env: { DATABASE_URL: url.toString() } });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy.stop();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('fails fast with 503, says so on /api/ready, and recovers by itself', async () => {
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

    await proxy.stop();
    const ready = await timed(() => fetch(`${server.url}/api/ready`));
    expect(ready.value.status).toBe(503);
    expect((await ready.value.json()).error).toMatch(/Database not reachable/);
    expect(ready.ms).toBeLessThan(5000);

    const data = await timed(() => fetch(`${server.url}/api/school`));
    expect(data.value.status).toBe(503);
    expect((await data.value.json()).error).toMatch(/database is not reachable/i);
    expect(data.ms).toBeLessThan(5000);

    await proxy.start();
    await expect.poll(async () => (await fetch(`${server.url}/api/ready`)).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect((await fetch(`${server.url}/api/school`)).status).not.toBe(503);
  });
});

describe('the server process', () => {
  it('starts with `npm start` from the compiled server the build wrote, and answers /api/health', async () => {
    const server = await startServer({ script: 'scripts/start.mjs' });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // Not installed yet: the wizard's address, with the setup code in it, for the person at the machine.
    const wizard = `http://localhost:${server.port}/install?code=${E2E_SETUP_CODE}`;
    await expect.poll(() => server.logs()).toContain(wizard);
    expect(await server.stop()).toBe(0);
    // npm test builds first: a start that finds the build fresh runs it as it is.
    expect(server.logs()).not.toMatch(/Building the site/);
  });

  it('finishes a request in flight on SIGTERM, closes the database and exits 0', async () => {
    const server = await startServer();
    const lock = join(server.dataDir, 'db.lock');
    expect(existsSync(lock)).toBe(true);
    const body = JSON.stringify({ note: 'x'.repeat(200) });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/health`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 50));
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(50)), 500);
      }, 300);
    });
    const answered = await response;
    expect(answered.status).toBe(404);
    expect(JSON.parse(answered.body).error).toMatch(/not found/i);
    expect(await server.stop()).toBe(0);
    expect(existsSync(lock)).toBe(false);
    expect(server.logs()).toMatch(/shutting down/);
  });

  it('on SIGTERM, fails readiness while still serving for SHUTDOWN_DRAIN_MS, then exits 0', async () => {
    const server = await startServer({ env: { SHUTDOWN_DRAIN_MS: '3000' } });
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    server.process.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${server.url}/api/ready`)).status, { timeout: 2000, interval: 50 }).toBe(503);
    // Draining: the load balancer takes the instance out, requests already routed are still answered.
    const ready = await fetch(`${server.url}/api/ready`);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.logs()).toMatch(/draining/);
  });

  it('refuses to open a built-in database another process is using', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sprout-shared-'));
    const first = await startServer({ dataDir });
    try {
      await expect(startServer({ dataDir })).rejects.toThrow(/in use by another Sprout process/);
    } finally {
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
