// `npm run bench:backup -- [--mb=1024] [--crash-runs=20] [--load=60] [--pg=postgres://...] [--only=backup|load] [--no-build]`:
// 1. the peak memory and time of `npm run backup` and `npm run restore` on a school with a large
//    uploads folder (generated files that do not compress, like photos), then the kill -9 proof
//    with more runs than `npm test` makes. Peak RSS is the process's own high-water mark
//    (getrusage maxRSS).
// 2. `--load` seconds of mixed traffic (public pages, sign-ins, contact forms, back-office writes;
//    scripts/lib/mixed-load.mjs) on the production server, on the built-in database and, with
//    `--pg` (or TEST_DATABASE_URL), on a new PostgreSQL database made for the run and dropped after:
//    the 5xx count, acknowledged writes missing afterwards, and the server's memory over the run.
// Temporary folders only; results also go to bench/results/backup-<time>.json.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, freePort, installOverApi, root, startServer, stopServer, waitFor } from './lib/harness.mjs';
import { mixedLoad } from './lib/mixed-load.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const MEGABYTES = option('mb', 200);
const CRASH_RUNS = option('crash-runs', 20);
const LOAD_SECONDS = option('load', 60);
const ONLY = args.find((a) => a.startsWith('--only='))?.split('=')[1];
const PG_URL = args.find((a) => a.startsWith('--pg='))?.slice(5) ?? process.env.TEST_DATABASE_URL;
const report = { mb: MEGABYTES };

const work = mkdtempSync(join(tmpdir(), 'sprout-bench-backup-'));
const school = join(work, 'school');
const env = (dataDir) => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });

/** Runs a script under a preload that reports its peak RSS; returns seconds and megabytes. */
function measured(script, scriptArgs, dataDir) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'data:text/javascript,process.on("exit",()=>process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\\n`))',
      script,
      ...scriptArgs,
    ],
    { cwd: root, env: env(dataDir), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}\n${result.stderr}`);
  const rss = Number(/maxrss (\d+)/.exec(result.stderr)?.[1] ?? 0) / 1024;
  return { seconds: (performance.now() - started) / 1000, peakRssMb: Math.round(rss), output: result.stdout.trim() };
}

try {
  if (ONLY !== 'load') {
    const install = spawnSync(process.execPath, ['scripts/install.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...env(school),
        INSTALL_SCHOOL_NAME: 'Bench School',
        INSTALL_COMPANY_NAME: 'Bench School Ltd',
        INSTALL_CONTACT_EMAIL: 'office@bench.test',
        INSTALL_ADMIN_EMAIL: 'admin@bench.test',
        INSTALL_ADMIN_FIRST_NAME: 'Bench',
        INSTALL_ADMIN_LAST_NAME: 'Administrator',
        INSTALL_ADMIN_PASSWORD: 'bench-password-1',
        INSTALL_SAMPLE_CONTENT: 'yes',
      },
    });
    if (install.status !== 0) throw new Error('the install failed');

    // Photo-sized files (150-600 KB of random bytes: incompressible, as WebP and JPEG are).
    const uploads = join(school, 'uploads');
    mkdirSync(uploads, { recursive: true });
    let written = 0;
    for (let i = 0; written < MEGABYTES * 1024 * 1024; i++) {
      const size = (150 + ((i * 7919) % 450)) * 1024;
      writeFileSync(join(uploads, `${randomBytes(16).toString('hex')}.webp`), randomBytes(size));
      written += size;
    }
    const files = readdirSync(uploads).length;
    console.log(`school with ${files} uploads, ${(written / 1024 / 1024).toFixed(0)} MB`);

    const archive = join(work, 'school.tar.gz');
    const backup = measured('scripts/backup.mjs', ['--out', archive], school);
    console.log(`npm run backup:  ${backup.seconds.toFixed(1)} s, peak RSS ${backup.peakRssMb} MB`);
    report.backup = { files, megabytes: Math.round(written / 1024 / 1024), seconds: backup.seconds, peakRssMb: backup.peakRssMb };

    const fresh = join(work, 'fresh');
    const restore = measured('scripts/restore.mjs', [archive, '--yes'], fresh);
    const restored = readdirSync(join(fresh, 'uploads')).length;
    console.log(`npm run restore: ${restore.seconds.toFixed(1)} s, peak RSS ${restore.peakRssMb} MB (${restored} files back)`);
    if (restored !== files) throw new Error(`restored ${restored} files of ${files}`);
    report.restore = { seconds: restore.seconds, peakRssMb: restore.peakRssMb, files: restored };

    if (CRASH_RUNS > 0) {
      console.log(`\nkill -9 during a write burst on the built-in database, ${CRASH_RUNS} runs:`);
      const crash = spawnSync(
        process.execPath,
        [
          join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--project',
          'unit',
          'src/server/security/crash-durability.test.ts',
        ],
        { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DB: 'pglite', SPROUT_CRASH_RUNS: String(CRASH_RUNS) } },
      );
      if (crash.status !== 0) throw new Error('the kill -9 proof failed');
    }
  }
  if (ONLY !== 'backup' && LOAD_SECONDS > 0) {
    buildSite(args);
    report.load = { pglite: await loadRun('pglite') };
    if (PG_URL) report.load.pg = await loadRun('pg');
    else console.log('\n(no --pg and no TEST_DATABASE_URL: PostgreSQL load run skipped)');
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results', `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nresults: ${file}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** A production server on a fresh school (sample content), on the built-in database or a new PostgreSQL database. */
async function loadRun(kind) {
  const dataDir = mkdtempSync(join(work, `load-${kind}-`));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (kind === 'pg') {
    const { default: pg } = await import('pg');
    const name = `sprout_bench_load_${randomBytes(4).toString('hex')}`;
    const admin = async (sql) => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // One proxy hop trusted: each simulated parent comes from its own X-Forwarded-For address.
  const server = startServer({
    port,
    dataDir,
    env: { DATABASE_URL: databaseUrl, TRUST_PROXY: '1', SPROUT_MIN_FILL_MS: '0', LOG_LEVEL: 'error' },
  });
  try {
    await waitFor(`${base}/api/health`, server, 120_000);
    const admin = { username: 'admin', password: 'bench-password-1' };
    await installOverApi(base, { name: 'Bench School', admin });
    const candidates = [
      '/',
      '/events',
      '/blog',
      '/gallery',
      '/about',
      '/contact',
      '/event/spring-festival',
      '/api/events',
      '/api/posts',
    ];
    const publicPaths = [];
    for (const path of candidates) if ((await fetch(`${base}${path}`)).status === 200) publicPaths.push(path);
    console.log(
      `\n${LOAD_SECONDS} s of mixed traffic on ${kind === 'pg' ? 'PostgreSQL' : 'the built-in database'} (pages: ${publicPaths.join(' ')})`,
    );
    const result = await mixedLoad({ base, pid: server.pid, seconds: LOAD_SECONDS, admin, publicPaths });
    const r = result.results;
    const fivexx = r.public['5xx'] + r.signIn['5xx'] + r.form['5xx'] + r.write['5xx'];
    console.log(
      `  public pages ${r.public['2xx']} ok (${result.requestsPerSecond.public}/s, p99 ${result.latencyP99Ms.public} ms), ` +
        `sign-ins ${r.signIn['2xx']} ok, contact forms ${r.form['2xx']} ok, back-office writes ${r.write['2xx']} ok ` +
        `(${result.requestsPerSecond.write}/s, p99 ${result.latencyP99Ms.write} ms)`,
    );
    console.log(
      `  5xx: ${fivexx}; other answers: ${JSON.stringify({ public: r.public.byStatus, signIn: r.signIn.byStatus, form: r.form.byStatus, write: r.write.byStatus })}; socket errors: ${r.public.errors + r.signIn.errors + r.form.errors + r.write.errors}`,
    );
    console.log(
      `  acknowledged writes missing afterwards: ${result.lost.categories} of ${result.acknowledged.categories} categories, ` +
        `${result.lost.enquiries} of ${result.acknowledged.enquiries} enquiries`,
    );
    const m = result.memoryMb;
    console.log(
      `  server RSS: start ${m.start} MB, first third avg ${m.firstThirdAvg} MB, last third avg ${m.lastThirdAvg} MB, peak ${m.peak} MB, end ${m.end} MB`,
    );
    return { ...result, fivexx };
  } finally {
    await stopServer(server);
    await dropDatabase();
  }
}
