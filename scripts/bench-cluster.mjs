// `npm run bench:cluster`: one instance against two behind nginx (round-robin), on PostgreSQL.
// For each: the home page and /events with the page cache (as served), the same without it
// (SPROUT_PAGE_CACHE=off: rendering on every request), and one authenticated write route
// (PUT /api/categories/:id, which also empties every instance's page cache through NOTIFY).
// wrk through nginx in every case (2 threads, 50 connections, DURATION s after a 2 s warm-up);
// req/s, p50/p99 and each instance's resident memory (now and peak) after the load.
//   --duration=N seconds per measurement (default 8); --no-build reuses the existing build
// Needs nginx (/usr/sbin/nginx), wrk and a PostgreSQL (TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres for making a scratch database). Loopback only;
// every run is bounded. Writes bench/results/cluster-<time>.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, installSchool, json, signIn } from './lib/growth.mjs';
import { buildSite, freePort, root, startServer, stopServer, waitFor } from './lib/harness.mjs';
import { checkWrk, measure } from './lib/wrk.mjs';

const args = process.argv.slice(2);
const DURATION = Number(args.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 8);
const LOAD = { threads: 2, connections: 50, seconds: DURATION };

checkWrk();
buildSite(args);
const { register } = await import('tsx/esm/api');
register();
const { clusterMissingReason, scratchDatabase, startNginx } = await import(join(root, 'e2e/support/cluster.ts'));
const missing = await clusterMissingReason();
if (missing) {
  console.error(`bench:cluster cannot run: ${missing}`);
  process.exit(1);
}

/** Resident memory of a process now and at its peak, in MB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

const db = await scratchDatabase('sprout_bench');
const dirs = [];
const results = [];
try {
  for (const cache of [true, false]) {
    for (const count of [1, 2]) {
      const servers = [];
      for (let i = 0; i < count; i++) {
        const port = await freePort();
        const dataDir = mkdtempSync(join(tmpdir(), 'sprout-bench-cluster-'));
        dirs.push(dataDir);
        const child = startServer({
          port,
          dataDir,
          env: {
            DATABASE_URL: db.url,
            TRUST_PROXY: '1',
            SHUTDOWN_DRAIN_MS: '0',
            SECRET_KEY: 'bench-cluster-secret-key-0123456789abcdef',
            SPROUT_BACKUP_SCHEDULER: 'off',
            ...(cache ? {} : { SPROUT_PAGE_CACHE: 'off' }),
          },
        });
        servers.push({ port, child });
      }
      for (const s of servers) await waitFor(`http://127.0.0.1:${s.port}/api/health`, s.child);
      const first = `http://127.0.0.1:${servers[0].port}`;
      if ((await json(first, 'GET', '/api/install/status')).data.installed !== true) await installSchool(first);
      const nginx = await startNginx(servers.map((s) => s.port));
      try {
        const cookie = await signIn(nginx.url);
        const category = (await json(nginx.url, 'GET', '/api/categories', null, cookie)).data.data[0];
        const label = `${count} instance${count > 1 ? 's' : ''}, page cache ${cache ? 'on' : 'off'}`;
        const run = (name, path, options = {}) => {
          const r = measure(nginx.url + path, { ...LOAD, ...options });
          const memory = servers.map((s) => memoryOf(s.child.pid));
          results.push({ instances: count, cache, route: name, ...r, memory });
          console.log(
            `${label.padEnd(32)} ${name.padEnd(26)} ${String(r.reqPerSec).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  RSS ${memory.map((m) => `${m.rssMb} MB (peak ${m.peakMb})`).join(', ')}`,
          );
        };
        run('GET /', '/');
        run('GET /events', '/events');
        if (cache) {
          run(`PUT /api/categories/:id`, `/api/categories/${category.id}`, {
            method: 'PUT',
            body: JSON.stringify({ name: category.name }),
            headers: { cookie, 'content-type': 'application/json' },
          });
        }
      } finally {
        await nginx.stop();
        await Promise.all(servers.map((s) => stopServer(s.child)));
      }
    }
  }
} finally {
  await db.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

const out = join(root, 'bench/results');
mkdirSync(out, { recursive: true });
const file = join(out, `cluster-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    { at: new Date().toISOString(), cores: (await import('node:os')).cpus().length, load: LOAD, admin: ADMIN.username, results },
    null,
    1,
  ),
);
console.log(`\nWritten to ${file}`);
