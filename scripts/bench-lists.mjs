// `node scripts/bench-lists.mjs`: the back office's lists at a school's size (issue 18). The
// production server on a temporary data dir with the sample content plus 5,000 posts (every tenth a
// draft) and 2,000 events; then, signed in as staff:
//   1. each list request the screens make: bytes as sent (identity, and with Accept-Encoding: br)
//      and the median time of 7 requests, one at a time;
//   2. the public site while one member of staff reloads the first list for 10 s: the cached home
//      page and /api/health asked every 100 ms, their median and worst times, and the server's
//      longest event loop delay (perf_hooks.monitorEventLoopDelay, DESIGN §10).
//   --data=DIR    start from a copy of a data dir saved before (skips the 2-minute seeding)
//   --save=DIR    keep a copy of the seeded data dir there
//   --urls=a,b    the list requests to measure (default: what the screens ask for now)
//   --wrk         then each list under load: wrk, 20 connections, 10 s (p50/p99, req/s, server CPU per
//                 request), and the server's peak RSS
//   --cms         then look at the blog and events screens in Chromium (scripts/bench-cms.mjs)
//   --shots=DIR   with --cms: screenshots there
//   --no-build    reuse the existing build
//   --database-url=URL  on PostgreSQL instead: an empty database, which the run installs and seeds
//                 (--data and --save keep the built-in database only)
// Loopback only; every run is bounded. Writes bench/results/lists-<time>.json.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installSchool, seedGrowth, signIn } from './lib/growth.mjs';
import { buildSite, freePort, loopDelay, root, startServer, stopServer, waitFor } from './lib/harness.mjs';
import { checkWrk, measure } from './lib/wrk.mjs';

const args = process.argv.slice(2);
const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SCREEN_URLS = [
  '/api/posts?limit=20',
  '/api/posts?limit=20&q=diary%204999',
  '/api/posts?limit=20&offset=4980',
  '/api/events?limit=24',
  '/api/events?limit=24&q=city',
  '/api/events?limit=24&status=completed&offset=1200',
  '/api/admin/galleries?limit=20',
  '/api/enquiries?limit=25',
  '/api/enquiries/new-count',
  '/api/categories?limit=50',
];
const URLS = arg('urls')?.split(',') ?? SCREEN_URLS;

/** One GET: status, bytes on the wire, milliseconds to the last byte. */
function get(base, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(base + path, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode, bytes, ms: performance.now() - started, encoding: res.headers['content-encoding'] }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout on ${path}`)));
    req.end();
  });
}

/** The process's peak resident memory so far (Linux /proc VmHWM), in MB. */
function peakRssMb(pid) {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Math.round(Number(kb) / 1024) : null;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (ms) => Math.round(ms * 10) / 10;

async function measureList(base, path, cookie) {
  await get(base, path, { cookie });
  const times = [];
  let plain;
  for (let i = 0; i < 7; i++) {
    plain = await get(base, path, { cookie, 'accept-encoding': 'identity' });
    times.push(plain.ms);
  }
  const br = await get(base, path, { cookie, 'accept-encoding': 'br' });
  if (plain.status !== 200) throw new Error(`${path}: ${plain.status}`);
  return { path, bytes: plain.bytes, brBytes: br.bytes, brEncoding: br.encoding ?? 'identity', medianMs: round(median(times)) };
}

/**
 * The public site while `path` is reloaded again and again by one member of staff (null: nobody),
 * and the server's longest event loop delay meanwhile.
 */
async function publicWhileStaffReloads(base, path, cookie, seconds = 10) {
  await loopDelay(server, loopFile);
  const probes = { '/': [], '/api/health': [] };
  let reloads = 0;
  let done = false;
  const staff = (async () => {
    while (path && !done) {
      await get(base, path, { cookie, 'accept-encoding': 'br' });
      reloads++;
    }
  })();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    for (const p of Object.keys(probes)) probes[p].push((await get(base, p, { 'accept-encoding': 'br' })).ms);
    await new Promise((r) => setTimeout(r, 100));
  }
  done = true;
  await staff;
  const summary = Object.fromEntries(
    Object.entries(probes).map(([p, xs]) => [
      p,
      {
        medianMs: round(median(xs)),
        p95Ms: round([...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]),
        maxMs: round(Math.max(...xs)),
        n: xs.length,
      },
    ]),
  );
  return { staffPath: path, staffReloads: reloads, ...summary, serverLoopDelay: await loopDelay(server, loopFile) };
}

buildSite(args);
const dataDir = mkdtempSync(join(tmpdir(), 'sprout-bench-lists-'));
const saved = arg('data');
const databaseUrl = arg('database-url');
if (databaseUrl && (saved || arg('save'))) throw new Error('--data and --save keep the built-in database only');
const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
if (saved) {
  if (!existsSync(saved)) throw new Error(`no data dir at ${saved}`);
  cpSync(saved, dataDir, { recursive: true });
  rmSync(join(dataDir, 'db', 'postmaster.pid'), { force: true });
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const loopFile = join(dataDir, 'loop-delay.json');
let server = startServer({ port, dataDir, env, loopDelayFile: loopFile });
try {
  await waitFor(`${base}/api/health`, server, 120_000);
  if (!saved) {
    await installSchool(base);
    console.log('Seeding 5,000 posts and 2,000 events through the API...');
    console.log(`seeded in ${await seedGrowth(base, { draftEvery: 10 })} s`);
    const keep = arg('save');
    if (keep) {
      await stopServer(server);
      rmSync(keep, { recursive: true, force: true });
      cpSync(dataDir, keep, { recursive: true });
      console.log(`data dir saved to ${keep}`);
      server = startServer({ port, dataDir, env, loopDelayFile: loopFile });
      await waitFor(`${base}/api/health`, server, 120_000);
    }
  }
  const cookie = await signIn(base);
  await get(base, '/', {});
  // The built-in database's first vacuum after a start (pglite-maintenance) is not the lists' doing.
  await new Promise((r) => setTimeout(r, 12_000));
  const lists = [];
  for (const path of URLS) {
    const row = await measureList(base, path, cookie);
    lists.push(row);
    console.log(
      `${path.padEnd(52)} ${String(row.bytes).padStart(9)} B  br ${String(row.brBytes).padStart(8)} B (${row.brEncoding})  median ${String(row.medianMs).padStart(7)} ms`,
    );
  }
  const quiet = await publicWhileStaffReloads(base, null, cookie, 3);
  const busy = await publicWhileStaffReloads(base, URLS[0], cookie);
  console.log('public site, quiet:', JSON.stringify(quiet));
  console.log('public site while staff reloads the first list:', JSON.stringify(busy));
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const date = new Date().toISOString();
  const out = join(root, 'bench/results', `lists-${date.replace(/[:.]/g, '-')}.json`);
  let underLoad = null;
  if (args.includes('--wrk')) {
    checkWrk();
    underLoad = {};
    for (const path of URLS) {
      const row = measure(base + path, { pid: server.pid, headers: { cookie, 'accept-encoding': 'br' } });
      underLoad[path] = row;
      console.log(
        `wrk 20 conn ${path.padEnd(52)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${row.p50.toFixed(1).padStart(6)} ms  p99 ${row.p99.toFixed(1).padStart(6)} ms  cpu ${row.cpuUsPerReq} µs/req${row.errors ? `  ERRORS ${row.errors}` : ''}`,
      );
    }
    underLoad.peakRssMb = peakRssMb(server.pid);
    console.log(`server peak RSS ${underLoad.peakRssMb} MB`);
  }
  let cms = null;
  if (args.includes('--cms')) {
    const shots = arg('shots');
    const run = spawnSync(
      process.execPath,
      [join(root, 'scripts/bench-cms.mjs'), `--url=${base}`, ...(shots ? [`--shots=${shots}`] : [])],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 900_000 },
    );
    process.stdout.write(run.stdout ?? '');
    const last = run.stdout?.trim().split('\n').at(-1) ?? '';
    cms = last.startsWith('[') ? JSON.parse(last) : { failed: run.status };
  }
  writeFileSync(
    out,
    JSON.stringify(
      { date, node: process.version, database: databaseUrl ? 'postgres' : 'pglite', lists, quiet, busy, underLoad, cms },
      null,
      2,
    ),
  );
  console.log(`written to ${out}`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
