import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The checkout's folder, wherever this code runs from: src/server/ under tsx and the tests, or
 * <dist>/server/main.js as the compiled server (scripts/build.mjs). Both lie inside it, so the
 * nearest package.json above is Sprout's; file paths (migrations, public/, the password worker)
 * start here rather than from a module's own place, which the bundle changes.
 */
export const ROOT_DIR = (() => {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${import.meta.dirname}`);
  }
})();
