// `npm test`: builds the site, runs the unit and API tests on the built-in database (PGlite) and
// again on PostgreSQL, then the browser tests, and ends with one summary line.
// PostgreSQL and Chromium are mandatory when CI=true; locally a missing one is skipped, with the reason.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const CI = process.env.CI === 'true' || process.env.CI === '1';
const e2eOnly = process.argv.includes('--e2e-only');
const extra = process.argv.slice(2).filter((a) => a !== '--e2e-only');
const reportDir = mkdtempSync(join(tmpdir(), 'sprout-test-report-'));
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function canConnect(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolveProbe) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 5432) });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolveProbe(true)));
    socket.once('error', () => resolveProbe(false));
    socket.once('timeout', () => (socket.destroy(), resolveProbe(false)));
  });
}

const suites = [];
const skipped = [];
function vitest(name, project, env) {
  const out = join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  console.log(`\n━━ ${name} ━━`);
  const status = run(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...extra,
    ],
    env,
  );
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  suites.push({ name, status, report });
}

console.log('━━ build ━━');
if (run(process.execPath, [join(root, 'scripts/build.mjs')]) !== 0) process.exit(1);

if (!e2eOnly) {
  vitest('unit and API tests on PGlite', 'unit', { TEST_DB: 'pglite' });
  let pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl && !CI && (await canConnect(DEFAULT_PG))) pgUrl = DEFAULT_PG;
  if (pgUrl && (await canConnect(pgUrl))) {
    vitest('unit and API tests on PostgreSQL', 'unit', { TEST_DB: 'pg', TEST_DATABASE_URL: pgUrl });
  } else if (CI) {
    console.error(
      `\nPostgreSQL tests are mandatory in CI, but ${pgUrl ? `${new URL(pgUrl).host} does not answer` : 'TEST_DATABASE_URL is not set'}.`,
    );
    suites.push({ name: 'PostgreSQL tests', status: 1, report: null });
  } else {
    skipped.push(`PostgreSQL tests skipped: no PostgreSQL at ${pgUrl ?? DEFAULT_PG} (set TEST_DATABASE_URL to run them)`);
  }
}
vitest('browser tests (Chromium)', 'e2e', { TEST_DB: 'pglite' });

rmSync(reportDir, { recursive: true, force: true });
let passed = 0;
let failed = 0;
let skippedCount = 0;
console.log('\n━━ summary ━━');
for (const { name, status, report } of suites) {
  const p = report?.numPassedTests ?? 0;
  const f = report?.numFailedTests ?? 0;
  const s = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  passed += p;
  failed += f;
  skippedCount += s;
  const broken = status !== 0 && f === 0 ? ' (the run itself failed)' : '';
  console.log(`${status === 0 ? '✔' : '✘'} ${name}: ${p} passed, ${f} failed, ${s} skipped${broken}`);
}
for (const line of skipped) console.log(`⚠ ${line}`);
const ok = suites.every((s) => s.status === 0);
if (!ok && failed === 0) failed = suites.filter((s) => s.status !== 0).length;
console.log(`\n${passed} passed, ${failed} failed, ${skippedCount} skipped`);
process.exit(ok ? 0 : 1);
