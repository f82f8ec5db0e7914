// `npm start`: builds the site and the compiled server when the build is missing or older than the
// sources, then runs the compiled server in this process (so SIGTERM reaches it directly), without
// the TypeScript loader (docs/decisions/0014-compiled-server.md); in a child of this one when the
// memory settings are missing (below).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rerunWithMemorySettings } from './lib/server-memory.mjs';

// Memory settings the C library reads only at a process's start (scripts/lib/server-memory.mjs).
await rerunWithMemorySettings();

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env.SPROUT_DIST_DIR ?? 'dist');
// The build writes the compiled server after the site: its age is the build's.
const marker = join(dist, 'server/main.js');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = [
  'src/client',
  'src/shared',
  'src/server',
  'public',
  'index.html',
  'cms.html',
  'vite.config.ts',
  'package-lock.json',
]
  .map((p) => join(root, p))
  .filter(existsSync);
const stale = !existsSync(marker) || Math.max(...sources.map(newestMtime)) > statSync(marker).mtimeMs;
if (stale) {
  console.log('Building the site (first start or changed sources)...');
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(marker).href);
