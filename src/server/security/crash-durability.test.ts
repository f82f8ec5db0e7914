import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/client.ts';
import { categories } from '../db/schema/index.ts';
import { testDriver } from '../test/test-database.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Kill -9 runs: 20 in CI (`.ci/run`), 5 in a local `npm test`; SPROUT_CRASH_RUNS sets any number. */
const CI = process.env.CI === 'true' || process.env.CI === '1';
const RUNS = Number(process.env.SPROUT_CRASH_RUNS ?? (CI ? 20 : 5));
const ADMIN = { username: 'admin', password: 'crash-test-password' };

interface Child {
  process: ChildProcess;
  url: string;
}

async function startChild(dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/crash-child.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const ready = /ready (\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolvePort(Number(ready[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) during start:\n${output}`));
    });
  });
  return { process: child, url: `http://127.0.0.1:${port}` };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveExit();
    child.once('exit', () => resolveExit());
    child.kill('SIGKILL');
  });

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** Every category's name, read page by page (the list answers at most 100 a request). */
async function categoryNames(url: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const res = await fetch(`${url}/api/categories?limit=100&offset=${offset}`);
    const page = (await res.json()) as { data: { name: string }[]; total: number };
    for (const c of page.data) names.add(c.name);
    if (page.data.length === 0 || offset + 100 >= page.total) return names;
  }
}

/**
 * The built-in database has no server of its own: a crash of the app is a crash of the database.
 * The app is killed with SIGKILL in the middle of a burst of writes, run after run on the same
 * folder; every write that was answered 201 must be there after the restart, and the folder must
 * open every time. While the app runs, a second process (the backup command) is refused by the lock.
 */
describe.runIf(testDriver() === 'pglite')('the built-in database killed during a write burst', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sprout-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    `keeps every acknowledged write over ${RUNS} kill -9 runs, and opens every time`,
    async () => {
      const acknowledged: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        const child = await startChild(dataDir);
        try {
          if (run === 0) {
            const install = await fetch(`${child.url}/api/install`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-setup-code': 'crash-test' },
              body: JSON.stringify({
                database: { type: 'builtin' },
                app: {
                  name: 'Crash School',
                  company_name: 'Crash Co',
                  customer_email: 'o@crash.test',
                  timezone: 'Asia/Kolkata',
                  branches: [{ name: 'Main', address: '1 Crash Lane' }],
                },
                admin: { ...ADMIN, email: 'admin@crash.test', firstName: 'Crash', lastName: 'Tester' },
                sampleContent: false,
              }),
            });
            expect(install.status).toBe(201);
            const second = spawnSync(process.execPath, ['scripts/backup.mjs'], {
              cwd: ROOT,
              env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
              encoding: 'utf8',
              timeout: 60_000,
            });
            expect(second.status).toBe(1);
            expect(second.stderr).toMatch(/in use by another Sprout process \(pid \d+\)/);
          }
          const stored = await categoryNames(child.url);
          expect(
            acknowledged.filter((name) => !stored.has(name)),
            `acknowledged writes missing after restart ${run}`,
          ).toEqual([]);

          const cookie = await signIn(child.url);
          let stop = false;
          const writer = async (w: number) => {
            for (let i = 0; !stop; i++) {
              const name = `Run ${run} writer ${w} #${i}`;
              try {
                const res = await fetch(`${child.url}/api/categories`, {
                  method: 'POST',
                  headers: { cookie, 'content-type': 'application/json' },
                  body: JSON.stringify({ name }),
                });
                if (res.status === 201) acknowledged.push(name);
                else expect(res.status, await res.text()).toBe(201);
              } catch {
                return; // the process is gone
              }
            }
          };
          const before = acknowledged.length;
          const writers = Array.from({ length: 6 }, (_, w) => writer(w));
          // Killed at a random moment once the burst is under way.
          while (acknowledged.length < before + 20) await new Promise((r) => setTimeout(r, 10));
          await new Promise((r) => setTimeout(r, Math.random() * 300));
          await killed(child.process);
          stop = true;
          await Promise.all(writers);
        } finally {
          await killed(child.process);
        }
      }
      const handle = await openDb({ kind: 'pglite', dataDir: join(dataDir, 'db') });
      try {
        const stored = new Set((await handle.db.select({ name: categories.name }).from(categories)).map((c) => c.name));
        expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
        expect(acknowledged.length).toBeGreaterThanOrEqual(RUNS * 20);
      } finally {
        await handle.close();
      }
    },
    60_000 + RUNS * 30_000,
  );
});
