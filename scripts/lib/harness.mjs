// What the bench and Lighthouse scripts share: building the site, a free loopback port, and the
// production server (the compiled one, as `npm start` runs it) started on a temporary data dir and
// stopped again.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { SERVER_MEMORY_ENV } from './server-memory.mjs';

export const root = resolve(import.meta.dirname, '../..');

/** Builds the site unless `--no-build` is given; exits on a failed build. */
export function buildSite(args = process.argv.slice(2)) {
  if (args.includes('--no-build')) return;
  console.log('Building...');
  if (spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root }).status !== 0)
    process.exit(1);
}

export const freePort = () =>
  new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

/** Resolves with the milliseconds until `url` answers below 500; throws if `child` exits first. */
export async function waitFor(url, child, limitMs = 60_000) {
  const start = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return performance.now() - start;
    } catch {
      // not listening yet
    }
    if (performance.now() - start > limitMs) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The setup code the benches' servers take (SPROUT_SETUP_CODE): every install request gives it. */
export const BENCH_SETUP_CODE = 'BENCH-SETUP-CODE';

/** The compiled server the build writes (scripts/build.mjs). */
export const SERVER_ENTRY = join(root, process.env.SPROUT_DIST_DIR ?? 'dist', 'server/main.js');

/**
 * The production server on loopback, built-in database in `dataDir`. With `loopDelayFile`, the
 * server records its event loop delay (scripts/lib/loop-delay.mjs; read it with `loopDelay`).
 */
export function startServer({ port, dataDir, env = {}, loopDelayFile }) {
  const preload = loopDelayFile ? ['--import', join(root, 'scripts/lib/loop-delay.mjs')] : [];
  // The young generation's size as `npm start` sets it (package.json): only the command line can.
  return spawn(process.execPath, ['--max-semi-space-size=4', ...preload, SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SPROUT_SETUP_CODE: BENCH_SETUP_CODE,
      // npm start's memory settings (start.mjs sets them the same way).
      ...SERVER_MEMORY_ENV,
      ...(loopDelayFile ? { SPROUT_LOOP_DELAY_FILE: loopDelayFile } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export const stopServer = (child) =>
  new Promise((r) => (!child || child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));

/** The server's event loop delay since the last call ({maxMs, p99Ms, meanMs}); starts a new window. */
export async function loopDelay(child, file) {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Installs a started server through its API, with its setup code and the sample content. */
export async function installOverApi(base, { name = 'Sunny Sprouts Preschool', admin }) {
  const response = await fetch(`${base}/api/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-setup-code': BENCH_SETUP_CODE },
    body: JSON.stringify({
      database: { type: 'builtin' },
      app: { name, company_name: `${name} Ltd`, customer_email: 'office@school.test', timezone: 'Asia/Kolkata' },
      admin: { email: 'admin@school.test', firstName: 'Bench', lastName: 'Administrator', ...admin },
      sampleContent: true,
    }),
  });
  if (!response.ok) throw new Error(`install failed: ${response.status} ${await response.text()}`);
}
