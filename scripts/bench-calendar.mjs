// `node scripts/bench-calendar.mjs`: /events and /events.ics at a busy school's year (issue 34):
// 50 repeating events (weekly, some in term time), 2,000 single events and 3 years of term dates,
// added through the API as staff would, over the sample content. The production build, page cache
// off (each answer a fresh render); wrk one thread, 20 connections; the server's CPU per request.
//   --duration=N seconds per URL (default 10); --no-build reuses the build (SPROUT_DIST_DIR);
//   --rounds=N measures the URLs N times over, in turn (default 1).
// Loopback only. Prints the figures and the feed's size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installSchool, json, pool, signIn } from './lib/growth.mjs';
import { buildSite, freePort, startServer, stopServer, waitFor } from './lib/harness.mjs';
import { checkWrk, measure } from './lib/wrk.mjs';

const args = process.argv.slice(2);
const DURATION = Number(args.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const ROUNDS = Number(args.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 1);
const RULES = 50;
const SINGLES = 2000;
const DAY = 86_400_000;

const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);

async function seed(base) {
  const cookie = await signIn(base);
  const post = (path, body) => json(base, 'POST', path, body, cookie);
  const categories = (await json(base, 'GET', '/api/categories', null, cookie)).data.data.map((c) => c.name);
  const year = new Date().getUTCFullYear();
  for (const y of [year - 1, year, year + 1]) {
    const terms = [
      ['term', 'Autumn term', `${y}-09-01`, `${y}-12-18`],
      ['half_term', 'October half-term', `${y}-10-26`, `${y}-10-30`],
      ['closure', 'Staff training day', `${y}-11-13`, `${y}-11-13`],
      ['term', 'Spring term', `${y + 1}-01-05`, `${y + 1}-03-26`],
      ['half_term', 'February half-term', `${y + 1}-02-15`, `${y + 1}-02-19`],
      ['term', 'Summer term', `${y + 1}-04-12`, `${y + 1}-07-21`],
    ];
    for (const [kind, name, starts_on, ends_on] of terms)
      await post('/api/school-year', { kind, name, starts_on, ends_on, branch: null });
  }
  const now = Date.now();
  const event = (i, extra) => ({
    description: 'A morning of songs, stories and play for children and their families, with a snack to share.',
    category: categories[i % categories.length],
    location: i % 2 ? 'Main Branch, Hall' : 'City Branch, Garden',
    cover_image: '',
    gallery_id: null,
    ...extra,
  });
  await pool(RULES, 4, (i) => {
    const start = now - 60 * DAY + (i % 7) * DAY;
    return post(
      '/api/events',
      event(i, {
        title: `Weekly club ${i + 1}`,
        start_date: new Date(start).toISOString(),
        end_date: new Date(start + 3600_000).toISOString(),
        branch: i % 3 === 0 ? null : i % 2 ? 'Main Branch' : 'City Branch',
        repeat: { freq: 'weekly', interval: 1, until: dayOf(now + 300 * DAY), termTime: i % 2 === 0 },
      }),
    );
  });
  await pool(SINGLES, 8, (i) => {
    const start = now - 365 * DAY + i * 8 * 3600_000;
    return post('/api/events', event(i, { title: `Event ${i + 1}`, start_date: new Date(start).toISOString(), end_date: null }));
  });
}

checkWrk();
buildSite(args);
const dataDir = mkdtempSync(join(tmpdir(), 'sprout-bench-calendar-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer({ port, dataDir, env: { SPROUT_PAGE_CACHE: 'off' } });
try {
  await waitFor(`${base}/api/health`, server);
  await installSchool(base);
  const started = performance.now();
  await seed(base);
  console.log(
    `Seeded ${RULES} repeating events, ${SINGLES} events and 3 years of term dates in ${Math.round((performance.now() - started) / 1000)} s`,
  );
  const month = dayOf(Date.now()).slice(0, 7);
  const paths = ['/events', `/events?view=month&month=${month}`, '/events.ics'];
  for (const path of Array.from({ length: ROUNDS }, () => paths).flat()) {
    const res = await fetch(base + path);
    const bytes = Buffer.byteLength(await res.text());
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const r = measure(base + path, { connections: 20, seconds: DURATION, pid: server.pid });
    console.log(
      `${path.padEnd(32)} ${String(r.reqPerSec).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  cpu ${r.cpuUsPerReq} µs/req  ${Math.round(bytes / 1024)} KB${r.errors ? `  ERRORS ${r.errors}` : ''}`,
    );
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
