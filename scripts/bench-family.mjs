// `npm run bench:family`: the family area at a school's size (issue 32: p95 <= 50 ms for one family
// at 300 families, 5,000 photos and 20 groups, on the built-in database; the public site's speed
// does not move). The production build on a temporary data dir with the sample content:
//   1. the staff API makes 20 groups (four branches in the school profile, five programmes in the
//      Programs section: what the sample lacks is added, then published), and news and coming
//      events for the groups, their branches and all families (54 posts, 32 events);
//   2. with the server stopped, scripts/lib/family-seed.mjs writes 300 families, their children
//      over the groups, consents (a few withdrawn: their photos hidden), 100 galleries of 50 photos
//      and the tags as SQL in one transaction straight into the database (seconds, not minutes);
//   3. the server again: one parent's cookie (fsid, a family session the seed made) on /family, the
//      newest gallery of their first child's group (50 photos) and /family/children, with wrk at
//      1 connection (one parent: the target) and at 20; a private photo through its signed link
//      (copied from the page, the file a copy of a sample photo's) against the same bytes as a
//      public upload (the guard's cost); then `/` and `/events` with the page cache and, after a
//      restart with SPROUT_PAGE_CACHE=off, without.
//   --compare=REF   then the public site against REF (e.g. the commit before issue 32), built in a
//                   git worktree under the temporary folder (node_modules linked) and removed after:
//                   both builds on fresh sample content, `/` and `/events`, cache on and off, taken
//                   in turns (--rounds=N, default 2, order swapped each round), means reported
//   --save=DIR      keep a copy of the seeded data dir there, with seed.json (the parent's cookie
//                   token, the measured gallery): to profile a page on the same school
//   --duration=N    seconds per measurement (default 10, after a 2 s warm-up); --no-build
// Loopback only; every run is bounded. Prints a table and writes bench/results/family-<time>.json.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedFamilies } from './lib/family-seed.mjs';
import { installSchool, json, pool, signIn } from './lib/growth.mjs';
import { BENCH_SETUP_CODE, buildSite, freePort, root, startServer, stopServer, waitFor } from './lib/harness.mjs';
import { SERVER_MEMORY_ENV } from './lib/server-memory.mjs';
import { checkWrk, measure } from './lib/wrk.mjs';

const args = process.argv.slice(2);
const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DURATION = Number(arg('duration') ?? 10);
const ROUNDS = Number(arg('rounds') ?? 2);
const COMPARE = arg('compare');
const BRANCHES = 4;
const PROGRAMMES = 5;
const TARGET_P95_MS = 50;
const PUBLIC_PAGES = ['/', '/events'];
// Every server of the run logs errors only: at 20 connections each family page is a "slow" request,
// and a line per request would bury the table (every build measured alike).
const QUIET = { LOG_LEVEL: 'error' };

const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout.trim();
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const rows = [];

/** One wrk measurement as a row of the table (and of the JSON). */
function row(section, label, url, options) {
  const r = { section, label, connections: options.connections ?? 20, ...measure(url, { seconds: DURATION, ...options }) };
  rows.push(r);
  const n = (v) => (v ?? '').toString().padStart(7);
  console.log(
    `${section.padEnd(16)} ${label.padEnd(34)} c${String(r.connections).padEnd(3)} ${n(r.reqPerSec)} req/s  p50 ${n(r.p50)}  p95 ${n(r.p95)}  p99 ${n(r.p99)} ms  cpu ${n(r.cpuUsPerReq)} µs/req${r.errors ? `  ERRORS ${r.errors}` : ''}`,
  );
  return r;
}

/** The school's first four branches and five programmes, adding what the sample content lacks through the staff API. */
async function makeGroups(base, cookie) {
  const school = (await json(base, 'GET', '/api/school', null, cookie)).data.data;
  const branches = [...school.branches];
  for (let i = branches.length; i < BRANCHES; i++) branches.push({ name: `Branch ${i + 1}`, address: `${i + 1} Garden Road` });
  if (branches.length !== school.branches.length) await json(base, 'PUT', '/api/school', { branches }, cookie);
  const section = (await json(base, 'GET', '/api/website/sections/programs', null, cookie)).data.data;
  const content = section.published;
  const more = [
    { key: 'toddlers', name: 'Toddlers', ages: 'Ages 1-2', minAge: 1, maxAge: 2 },
    { key: 'prep', name: 'Prep', ages: 'Ages 5-6', minAge: 5, maxAge: 6 },
    { key: 'after-school', name: 'After school', ages: 'Ages 4-8', minAge: 4, maxAge: 8 },
  ];
  let visible = content.programmes.filter((p) => !p.hidden);
  if (visible.length < PROGRAMMES) {
    const added = more.filter((m) => !content.programmes.some((p) => p.key === m.key)).slice(0, PROGRAMMES - visible.length);
    content.programmes.push(...added.map((m) => ({ ...content.programmes[0], ...m, photo: null, hidden: false })));
    await json(base, 'PUT', '/api/website/sections/programs/draft', { content }, cookie);
    await json(base, 'POST', '/api/website/sections/programs/publish', null, cookie);
    visible = content.programmes.filter((p) => !p.hidden);
  }
  return branches
    .slice(0, BRANCHES)
    .flatMap((b) => visible.slice(0, PROGRAMMES).map((p) => ({ branch: b.name, programme: p.key })));
}

/**
 * News and coming events for families through the staff API: two posts and an event per group,
 * two of each per branch, six posts and four events for all families (the family home page's lists).
 */
async function addFamilyNews(base, cookie, groups) {
  const categories = (await json(base, 'GET', '/api/categories', null, cookie)).data.data.map((c) => c.name);
  const branches = [...new Set(groups.map((g) => g.branch))];
  const audiences = [
    ...groups.map((g) => ({ audience: 'programme', audienceBranch: g.branch, audienceProgramme: g.programme, n: [2, 1] })),
    ...branches.map((b) => ({ audience: 'branch', audienceBranch: b, audienceProgramme: null, n: [2, 2] })),
    { audience: 'families', audienceBranch: null, audienceProgramme: null, n: [6, 4] },
  ];
  const posts = audiences.flatMap(({ n, ...a }) => Array.from({ length: n[0] }, () => a));
  const events = audiences.flatMap(({ n, ...a }) => Array.from({ length: n[1] }, () => a));
  const paragraph = '<p>This week the children planted beans, painted with leaves and sang at circle time.</p>';
  await pool(posts.length, 4, (i) =>
    json(
      base,
      'POST',
      '/api/posts',
      {
        title: `Class news ${i + 1}`,
        slug: `class-news-${i + 1}`,
        excerpt: 'What we did this week.',
        content: paragraph.repeat(4),
        tags: ['class'],
        status: 'published',
        ...posts[i],
      },
      cookie,
    ),
  );
  await pool(events.length, 4, (i) => {
    const start = new Date(Date.now() + (3 + i) * 86_400_000);
    return json(
      base,
      'POST',
      '/api/events',
      {
        title: `Family morning ${i + 1}`,
        description: 'Parents are welcome in the classroom.',
        category: categories[i % categories.length],
        location: events[i].audienceBranch ?? 'Main Branch',
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 2 * 3600_000).toISOString(),
        cover_image: '',
        status: 'upcoming',
        ...events[i],
      },
      cookie,
    );
  });
  return { posts: posts.length, events: events.length };
}

async function page(base, path, cookie) {
  const res = await fetch(base + path, { headers: { cookie, 'accept-encoding': 'identity' } });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${html.slice(0, 200)}`);
  return html;
}

/** Checks what the parent sees against the seed: the gallery's photos, less the hidden ones, and no other. */
function checkGallery(html, seeded) {
  const shown = new Set([...html.matchAll(/\/uploads\/([a-f0-9]{32})-\d+\.webp/g)].map((m) => `/uploads/${m[1]}.webp`));
  const expected = new Set(seeded.shown);
  if (shown.size !== expected.size || [...shown].some((u) => !expected.has(u)))
    throw new Error(`gallery ${seeded.id} shows ${shown.size} photos, the seed expects ${expected.size}`);
  return [...html.matchAll(/\/uploads\/([a-f0-9]{32})-400\.webp\?g=\d+&amp;e=\d+&amp;s=[\w-]{43}/g)].map((m) => ({
    hex: m[1],
    url: m[0].replaceAll('&amp;', '&'),
  }));
}

/** Copies a sample photo's files (main and variants) under the names of `hexes`: real bytes for the guard to serve. */
function writePhotos(dataDir, sample, hexes) {
  const uploads = join(dataDir, 'uploads');
  const from = sample.slice('/uploads/'.length, -'.webp'.length);
  for (const suffix of ['', '-400', '-800', '-1600']) {
    const source = existsSync(join(uploads, `${from}${suffix}.webp`)) ? `${from}${suffix}.webp` : `${from}.webp`;
    for (const hex of hexes) copyFileSync(join(uploads, source), join(uploads, `${hex}${suffix}.webp`));
  }
  return `/uploads/${from}${existsSync(join(uploads, `${from}-400.webp`)) ? '-400' : ''}.webp`;
}

/** A production server of another build (a worktree's), with the environment startServer gives. */
function startBuild(dir, { port, dataDir, env = {} }) {
  return spawn(process.execPath, ['--max-semi-space-size=4', join(dir, 'dist-prev/server/main.js')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SPROUT_SETUP_CODE: BENCH_SETUP_CODE,
      SPROUT_DIST_DIR: 'dist-prev',
      ...SERVER_MEMORY_ENV,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function started(start, dir, env) {
  const port = await freePort();
  const dataDir = join(dir, `data-${port}`);
  const server = start({ port, dataDir, env: { ...QUIET, ...env } });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, server, 120_000);
  return { server, base, dataDir };
}

/** This build and REF's on fresh sample content, the public pages taken in turns. */
async function compare(work, prevDir) {
  const builds = { current: startServer, [COMPARE]: (o) => startBuild(prevDir, o) };
  for (const cache of ['on', 'off']) {
    const env = cache === 'off' ? { SPROUT_PAGE_CACHE: 'off' } : {};
    const servers = {};
    try {
      for (const [name, start] of Object.entries(builds)) {
        servers[name] = await started(start, work, env);
        await installSchool(servers[name].base);
      }
      await new Promise((r) => setTimeout(r, 12_000)); // the first vacuum after the install's writes
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 ? Object.keys(servers).reverse() : Object.keys(servers);
        for (const path of PUBLIC_PAGES)
          for (const name of order)
            row(`compare ${cache === 'on' ? 'cached' : 'no cache'}`, `${path} ${name} #${round + 1}`, servers[name].base + path, {
              pid: servers[name].server.pid,
            });
      }
    } finally {
      for (const s of Object.values(servers)) await stopServer(s.server);
    }
  }
}

function worktree(work) {
  const dir = join(work, 'prev');
  const add = spawnSync('git', ['worktree', 'add', '--detach', dir, COMPARE], { cwd: root, stdio: 'inherit' });
  if (add.status !== 0) throw new Error(`git worktree add ${COMPARE} failed`);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  console.log(`Building ${COMPARE} (${git('rev-parse', '--short', COMPARE)}) in ${dir}...`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: dir,
    env: { ...process.env, SPROUT_DIST_DIR: 'dist-prev' },
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`the build of ${COMPARE} failed`);
  return dir;
}

/**
 * The family pages as the seeded parent sees them (checked against the seed first), and a private
 * photo through its signed link against a public upload of the same bytes; at 1 and 20 connections.
 */
async function measureFamilyArea(base, dataDir, seed, pid) {
  const cookie = `fsid=${seed.family.token}`;
  const galleryPath = `/family/galleries/${seed.gallery.id}`;
  const home = await page(base, '/family', cookie);
  if (!home.includes(galleryPath)) throw new Error('/family does not show the measured gallery');
  const gallery = await page(base, galleryPath, cookie);
  const links = checkGallery(gallery, seed.gallery);
  const children = await page(base, '/family/children', cookie);
  if (!seed.family.children.every((name) => children.includes(name))) throw new Error('/family/children misses a child');
  const hexes = links.slice(0, 4).map((l) => l.hex);
  const publicFile = writePhotos(dataDir, seed.samplePhoto, hexes);
  if ((await fetch(base + links[0].url.split('?')[0])).status !== 404) throw new Error('a private photo answers its bare URL');
  report.family = { ...seed.family, token: undefined, gallery: { ...seed.gallery, shown: seed.gallery.shown.length } };
  report.bytes = { '/family': home.length, [galleryPath]: gallery.length, '/family/children': children.length };
  // The server's own first vacuum after a start (pglite-maintenance) is not the pages' doing.
  await new Promise((r) => setTimeout(r, 12_000));
  for (const connections of [1, 20]) {
    for (const path of ['/family', galleryPath, '/family/children'])
      row('family area', path, base + path, { connections, headers: { cookie }, pid });
    row('uploads', 'private, signed link', base + links[0].url, { connections, pid });
    row('uploads', 'public, same bytes', base + publicFile, { connections, pid });
  }
}

/** The school of the issue's size: installed, its 20 groups made through the staff API, then seeded. */
async function seededSchool() {
  const { server, base, dataDir } = await started(startServer, work, {});
  try {
    await installSchool(base);
    const cookie = await signIn(base);
    const groups = await makeGroups(base, cookie);
    report.news = await addFamilyNews(base, cookie, groups);
    await stopServer(server);
    console.log(`Seeding families and galleries over ${groups.length} groups...`);
    const seedStarted = performance.now();
    const seed = await seedFamilies(join(dataDir, 'db'), groups);
    report.seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    report.seeded = seed.counts;
    console.log(`seeded in ${report.seedSeconds} s:`, JSON.stringify(seed.counts));
    const keep = arg('save');
    if (keep) {
      rmSync(keep, { recursive: true, force: true });
      cpSync(dataDir, keep, { recursive: true });
      writeFileSync(join(keep, 'seed.json'), JSON.stringify(seed));
      console.log(`seeded data dir saved to ${keep} (seed.json: the parent's session token, the gallery)`);
    }
    return { base, dataDir, seed };
  } finally {
    await stopServer(server);
  }
}

function summary() {
  report.loadAfter = load();
  const family = rows.filter((r) => r.section === 'family area' && r.connections === 1);
  const worstP95 = Math.max(...family.map((r) => r.p95));
  report.target = { p95Ms: TARGET_P95_MS, met: worstP95 <= TARGET_P95_MS, worstP95 };
  report.rows = rows;
  console.log(`\nload average before ${report.loadBefore.join(' ')}, after ${report.loadAfter.join(' ')}`);
  console.table(
    rows.map((r) => ({
      what: `${r.section}: ${r.label}`,
      c: r.connections,
      'req/s': r.reqPerSec,
      p50: r.p50,
      p95: r.p95,
      p99: r.p99,
      'cpu µs/req': r.cpuUsPerReq,
    })),
  );
  if (COMPARE) {
    report.compareMeans = means(rows.filter((r) => r.section.startsWith('compare')));
    console.table(report.compareMeans);
  }
  console.log(
    `family pages, one parent: worst p95 ${worstP95} ms (target <= ${TARGET_P95_MS} ms: ${report.target.met ? 'met' : 'MISSED'})`,
  );
}

checkWrk();
buildSite(args);
const work = mkdtempSync(join(tmpdir(), 'sprout-bench-family-'));
const report = { date: new Date().toISOString(), node: process.version, commit: git('rev-parse', 'HEAD'), loadBefore: load() };
report.uncommittedFiles = git('status', '--porcelain', '--', 'src').split('\n').filter(Boolean).length;
let server;
let prevDir;
try {
  const { base, dataDir, seed } = await seededSchool();
  for (const cache of ['on', 'off']) {
    const env = cache === 'off' ? { ...QUIET, SPROUT_PAGE_CACHE: 'off' } : QUIET;
    server = startServer({ port: Number(new URL(base).port), dataDir, env });
    await waitFor(`${base}/api/health`, server, 120_000);
    if (cache === 'on') await measureFamilyArea(base, dataDir, seed, server.pid);
    for (const path of PUBLIC_PAGES)
      row(`public ${cache === 'on' ? 'cached' : 'no cache'}`, `${path} (seeded school)`, base + path, { pid: server.pid });
    await stopServer(server);
  }
  if (COMPARE) {
    prevDir = worktree(work);
    report.compareCommit = git('rev-parse', COMPARE);
    await compare(work, prevDir);
  }
  summary();
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const out = join(root, 'bench/results', `family-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`written to ${out}`);
} finally {
  await stopServer(server);
  if (prevDir) spawnSync('git', ['worktree', 'remove', '--force', prevDir], { cwd: root, stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
  spawnSync('git', ['worktree', 'prune'], { cwd: root });
}

/** Per section, page and build: the mean over the rounds. */
function means(compared) {
  const groups = new Map();
  for (const r of compared) {
    const key = `${r.section} ${r.label.replace(/ #\d+$/, '')}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const mean = (xs, k) => Math.round((xs.reduce((n, x) => n + (x[k] ?? 0), 0) / xs.length) * 100) / 100;
  return Object.fromEntries(
    [...groups].map(([key, xs]) => [
      key,
      {
        reqPerSec: mean(xs, 'reqPerSec'),
        p50: mean(xs, 'p50'),
        p95: mean(xs, 'p95'),
        p99: mean(xs, 'p99'),
        cpuUsPerReq: mean(xs, 'cpuUsPerReq'),
      },
    ]),
  );
}
