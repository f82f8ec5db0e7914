// `npm run bench:backup -- [--mb=1024] [--crash-runs=20]`: the peak memory and time of
// `npm run backup` and `npm run restore` on a school with a large uploads folder (generated files
// that do not compress, like photos), then the kill -9 proof with more runs than `npm test` makes.
// Peak RSS is the process's own high-water mark (getrusage maxRSS). Temporary folders only.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const MEGABYTES = option('mb', 200);
const CRASH_RUNS = option('crash-runs', 20);

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
  const install = spawnSync(process.execPath, ['scripts/install.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env(school),
      INSTALL_SCHOOL_NAME: 'Bench School',
      INSTALL_COMPANY_NAME: 'Bench School Ltd',
      INSTALL_CONTACT_EMAIL: 'office@bench.test',
      INSTALL_ADMIN_EMAIL: 'admin@bench.test',
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

  const fresh = join(work, 'fresh');
  const restore = measured('scripts/restore.mjs', [archive, '--yes'], fresh);
  const restored = readdirSync(join(fresh, 'uploads')).length;
  console.log(`npm run restore: ${restore.seconds.toFixed(1)} s, peak RSS ${restore.peakRssMb} MB (${restored} files back)`);
  if (restored !== files) throw new Error(`restored ${restored} files of ${files}`);

  if (CRASH_RUNS > 0) {
    console.log(`\nkill -9 during a write burst on the built-in database, ${CRASH_RUNS} runs:`);
    const crash = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', 'src/server/security/crash-durability.test.ts'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DB: 'pglite', SPROUT_CRASH_RUNS: String(CRASH_RUNS) } },
    );
    if (crash.status !== 0) throw new Error('the kill -9 proof failed');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
