// What `npm start` sets for the server's memory (issue 29; docs/decisions/0015): glibc reads
// MALLOC_ARENA_MAX only when a process starts, so start.mjs (and install.mjs) run again as a child
// that has it, and the bench scripts and the tests start theirs with the same. Two arenas instead of
// up to 8 per core: the threads (HTTP, the database's, libuv's four, libvips') otherwise each keep
// freed memory of their own. Install with sample content then 8 parallel 59-megapixel PNGs, peak:
// 541 -> 384 MB.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';

export const SERVER_MEMORY_ENV = { MALLOC_ARENA_MAX: '2' };

/** Whether this process lacks them (and should run again in a child that has them). */
export const lacksMemorySettings = () =>
  process.platform === 'linux' && Object.keys(SERVER_MEMORY_ENV).some((name) => process.env[name] === undefined);

/**
 * Without the settings, runs this same command again as a child that has them, passes signals on
 * to it, and exits as it does; with them, returns at once.
 */
export async function rerunWithMemorySettings() {
  if (!lacksMemorySettings()) return;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...SERVER_MEMORY_ENV, ...process.env },
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const [code, signal] = await once(child, 'exit');
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
}
