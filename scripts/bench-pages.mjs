// `npm run bench:pages`: the public pages of issue 5 under load. The production build on a
// temporary data dir with the installer's sample content; wrk (one thread, 20 connections), 10 s
// per page after a 2 s warm-up, against a bare node:http server returning the same bytes (in its
// own process); each server's CPU time per request from its own /proc counters.
//   --no-cache   turn the page cache off (SPROUT_PAGE_CACHE=off): server rendering itself, each page
//                measured twice: without Accept-Encoding, and with `br, gzip` as browsers send
//   --growth     then add 5,000 posts and 2,000 events through the API and measure again
//   --duration=N seconds per page (default 10); --no-build reuses the existing build
// Loopback only; every run is bounded. Writes bench/results/pages-<time>.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GROWTH_EVENTS, GROWTH_POSTS, installSchool, json, seedGrowth } from './lib/growth.mjs';
import { buildSite, freePort, root, startServer, stopServer, waitFor } from './lib/harness.mjs';
import { checkWrk, measure } from './lib/wrk.mjs';

const args = process.argv.slice(2);
const DURATION = Number(args.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const NO_CACHE = args.includes('--no-cache');
const GROWTH = args.includes('--growth');
const CONNECTIONS = 20;
const BROWSER = { 'accept-encoding': 'br, gzip' };

async function pagesOf(base) {
  const event = (await json(base, 'GET', '/api/site/events?limit=1')).data.data.items[0];
  const post = (await json(base, 'GET', '/api/site/posts?limit=1')).data.data.items[0];
  if (!event || !post) throw new Error('the sample content has no event or post');
  return {
    '/': '/',
    '/events': '/events',
    '/event/{id}': `/event/${event.slug ?? event.id}`,
    '/blog': '/blog',
    '/blog/{slug}': `/blog/${post.slug}`,
    // Pages whose words come from the site content (issue 30).
    '/programs': '/programs',
  };
}

/** The same status, headers and bytes from bare node:http, in its own process. */
async function startCeiling(base, pages, dataDir, label) {
  const answers = {};
  for (const path of Object.values(pages)) {
    // wrk asks for no compression: the ceiling answers the same identity bytes.
    const res = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    const skip = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'];
    const headers = Object.fromEntries([...res.headers].filter(([k]) => !skip.includes(k)));
    answers[path] = { status: res.status, headers, body: body.toString('base64'), bytes: body.length };
  }
  const file = join(dataDir, `ceiling-${label}.json`);
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const answers = JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
       for (const a of Object.values(answers)) a.bytes = Buffer.from(a.body, 'base64');
       require('http').createServer((req, res) => { const a = answers[req.url]; res.writeHead(a.status, a.headers); res.end(a.bytes); }).listen(${port}, '127.0.0.1');`,
    ],
    { stdio: 'inherit' },
  );
  await waitFor(`http://127.0.0.1:${port}/`, child);
  return { child, url: `http://127.0.0.1:${port}`, answers };
}

async function round(label, base, pages, ceiling) {
  const rows = {};
  for (const [name, path] of Object.entries(pages)) {
    const page = measure(base + path, { connections: CONNECTIONS, seconds: DURATION, pid: server.pid });
    const bare =
      ceiling && !NO_CACHE
        ? measure(ceiling.url + path, { connections: CONNECTIONS, seconds: DURATION, pid: ceiling.child.pid })
        : null;
    // A fresh render is also compressed when the client asks (every browser does): its own cost.
    const browser = NO_CACHE
      ? measure(base + path, { connections: CONNECTIONS, seconds: DURATION, pid: server.pid, headers: BROWSER })
      : null;
    rows[name] = {
      path,
      ...page,
      ...(browser && { browser }),
      ceilingReqPerSec: bare?.reqPerSec ?? null,
      ceilingCpuUsPerReq: bare?.cpuUsPerReq ?? null,
      ratioToCeiling: bare ? Math.round((page.reqPerSec / bare.reqPerSec) * 100) / 100 : null,
    };
    console.log(
      `${label.padEnd(8)} ${name.padEnd(13)} ${String(page.reqPerSec).padStart(7)} req/s  mean ${page.meanMs.toFixed(2).padStart(6)} ms  p50 ${page.p50.toFixed(2).padStart(6)} ms  p99 ${page.p99.toFixed(2).padStart(6)} ms  cpu ${String(page.cpuUsPerReq).padStart(5)} µs/req` +
        (browser
          ? `  | br,gzip ${browser.reqPerSec} req/s p99 ${browser.p99.toFixed(2)} ms cpu ${browser.cpuUsPerReq} µs/req`
          : '') +
        (bare ? `  ceiling ${bare.reqPerSec} req/s (${bare.cpuUsPerReq} µs/req)  ratio ${rows[name].ratioToCeiling}` : '') +
        (page.errors ? `  ERRORS ${page.errors}` : ''),
    );
  }
  return rows;
}

checkWrk();
buildSite(args);

const dataDir = mkdtempSync(join(tmpdir(), 'sprout-bench-pages-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer({ port, dataDir, env: NO_CACHE ? { SPROUT_PAGE_CACHE: 'off' } : {} });
let ceiling;
let grownCeiling;
try {
  await waitFor(`${base}/api/health`, server);
  await installSchool(base);
  const pages = await pagesOf(base);
  ceiling = await startCeiling(base, pages, dataDir, 'sample');
  console.log(
    `\nPublic pages, wrk 1 thread ${CONNECTIONS} connections, ${DURATION} s each after a 2 s warm-up, page cache ${NO_CACHE ? 'OFF' : 'on'}`,
  );
  const sample = await round('sample', base, pages, ceiling);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    tool: 'wrk -t1',
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    pageCache: !NO_CACHE,
    bytes: Object.fromEntries(Object.entries(pages).map(([name, path]) => [name, ceiling.answers[path].bytes])),
    sample,
  };
  if (GROWTH) {
    console.log(`\nSeeding ${GROWTH_POSTS} posts and ${GROWTH_EVENTS} events through the API...`);
    report.growthSeedSeconds = await seedGrowth(base);
    // The same URLs as the sample round: the same pages, on a database 100 times larger. Lists
    // show more items than the sample has (12 events a page, not 6), so the pages grow too: their
    // own ceiling tells a slower server from a bigger page.
    ceiling.child.kill();
    grownCeiling = await startCeiling(base, pages, dataDir, 'growth');
    report.bytesGrowth = Object.fromEntries(
      Object.entries(pages).map(([name, path]) => [name, grownCeiling.answers[path].bytes]),
    );
    const grown = await round('growth', base, pages, grownCeiling);
    report.growth = grown;
    report.growthLatencyRatio = Object.fromEntries(
      Object.keys(grown).map((name) => [name, Math.round((grown[name].meanMs / sample[name].meanMs) * 100) / 100]),
    );
    console.log('mean latency, growth / sample:', report.growthLatencyRatio);
    console.log(
      'page bytes, sample -> growth:',
      Object.fromEntries(Object.keys(grown).map((n) => [n, `${report.bytes[n]} -> ${report.bytesGrowth[n]}`])),
    );
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const out = join(root, 'bench/results', `pages-${NO_CACHE ? 'nocache-' : ''}${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`written to ${out}`);
} finally {
  ceiling?.child.kill();
  grownCeiling?.child.kill();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
