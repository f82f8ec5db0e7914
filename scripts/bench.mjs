// `npm run bench`: the production build on a temporary data dir, measured with wrk (one thread,
// 20 connections, 10 s after a warm-up) against a bare node:http server returning the same bytes;
// each server's CPU time per request from its own /proc counters.
// Loopback only; every run is bounded. Writes bench/results/<time>.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, freePort, root, startServer, stopServer, waitFor } from './lib/harness.mjs';
import { checkWrk, measure } from './lib/wrk.mjs';

const args = process.argv.slice(2);
const DURATION = Number(args.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const CONNECTIONS = 20;

function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024);
  } catch {
    return null;
  }
}

checkWrk();
buildSite([]);

const dataDir = mkdtempSync(join(tmpdir(), 'sprout-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const launch = () => startServer({ port, dataDir });

// First-time setup: the non-interactive install creates the built-in database (initdb) and the school.
const setupStart = performance.now();
const install = spawnSync(process.execPath, [join(root, 'scripts/install.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    INSTALL_SCHOOL_NAME: 'Bench School',
    INSTALL_COMPANY_NAME: 'Bench School Ltd',
    INSTALL_CONTACT_EMAIL: 'office@bench.test',
    INSTALL_ADMIN_EMAIL: 'admin@bench.test',
    INSTALL_ADMIN_PASSWORD: 'bench-password-1',
    INSTALL_SAMPLE_CONTENT: 'no',
  },
});
if (install.status !== 0) throw new Error('the install failed');
const firstStartMs = Math.round(performance.now() - setupStart);

// Every start after that opens the existing database: the cold start that matters.
const startedAt = performance.now();
const server = launch();
let ceiling;
try {
  await waitFor(`${base}/api/health`, server);
  const coldStartMs = Math.round(performance.now() - startedAt);

  // wrk asks for no compression: compare the same uncompressed bytes.
  const notFound = await fetch(`${base}/no-such-page`, { headers: { 'accept-encoding': 'identity' } });
  const notFoundBody = Buffer.from(await notFound.arrayBuffer());
  const headers = Object.fromEntries(
    [...notFound.headers].filter(
      ([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'].includes(k),
    ),
  );

  // The ceiling: bare node:http answering the same status, headers and bytes, in its own process.
  const ceilingPort = await freePort();
  const bareFile = join(dataDir, 'bare.json');
  writeFileSync(bareFile, JSON.stringify({ status: notFound.status, headers, body: notFoundBody.toString('base64') }));
  ceiling = spawn(
    process.execPath,
    [
      '-e',
      `
    const { status, headers, body } = JSON.parse(require('fs').readFileSync(${JSON.stringify(bareFile)}, 'utf8'));
    const bytes = Buffer.from(body, 'base64');
    require('http').createServer((req, res) => { res.writeHead(status, headers); res.end(bytes); }).listen(${ceilingPort}, '127.0.0.1');
  `,
    ],
    { stdio: 'inherit' },
  );
  await waitFor(`http://127.0.0.1:${ceilingPort}/`, ceiling);

  const run = (url, pid, countStatus = true) => measure(url, { connections: CONNECTIONS, seconds: DURATION, pid, countStatus });
  const results = {
    page404: run(`${base}/no-such-page`, server.pid, false),
    health: run(`${base}/api/health`, server.pid),
    ceiling: run(`http://127.0.0.1:${ceilingPort}/no-such-page`, ceiling.pid, false),
  };
  const peakRss = peakRssMb(server.pid);
  const ratio = (r) => Math.round((r.reqPerSec / results.ceiling.reqPerSec) * 100) / 100;
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    tool: 'wrk -t1',
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    installMs: firstStartMs,
    coldStartMs,
    peakRssMb: peakRss,
    bytes404: notFoundBody.length,
    results: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { ...v, ratioToCeiling: ratio(v) }])),
  };
  console.log(`\nSprout bench: wrk 1 thread, ${CONNECTIONS} connections, ${DURATION} s each, after a 2 s warm-up`);
  console.log('target              req/s    p50 ms  p99 ms  cpu µs/req  ratio to ceiling');
  for (const [name, r] of Object.entries(report.results)) {
    console.log(
      `${name.padEnd(18)} ${String(r.reqPerSec).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(7)} ${String(r.cpuUsPerReq).padStart(11)}  ${r.ratioToCeiling}`,
    );
  }
  console.log(
    `first-time install (creates the database): ${firstStartMs} ms; cold start to first response: ${coldStartMs} ms; peak RSS of the server: ${peakRss} MB; 404 page: ${notFoundBody.length} bytes`,
  );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const out = join(root, 'bench/results', `bench-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`written to ${out}`);
} finally {
  ceiling?.kill();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
