import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = import.meta.dirname;
const ROOT = join(CLIENT, '../..');

/** `@source` paths of the public stylesheet as regular expressions over project-relative paths. */
function sourcePatterns(): RegExp[] {
  const css = readFileSync(join(CLIENT, 'styles.css'), 'utf8');
  return [...css.matchAll(/^@source '([^']+)';/gm)].map(([, path]) => {
    const full = relative(ROOT, join(CLIENT, path!));
    const pattern = full
      .replace(/[.+^$()|[\]\\]/g, '\\$&')
      .replace(/\{([^{}]+)\}/g, (_, names: string) => `(${names.split(',').join('|')})`)
      .replace(/\*/g, '[^/]*');
    // A folder covers everything below it; a file pattern only itself.
    return new RegExp(/\.[a-z]+$/.test(full) ? `^${pattern}$` : `^${pattern}/`);
  });
}

/** Every module the public pages load: static imports from the two entries (lazy chunks excluded). */
function publicModules(): string[] {
  const seen = new Set<string>();
  const queue = ['entry-client.tsx', 'entry-server.tsx'].map((f) => join(CLIENT, f));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gm)) {
      const target = spec!.startsWith('#client/')
        ? join(CLIENT, spec!.slice('#client/'.length))
        : spec!.startsWith('.')
          ? normalize(join(dirname(file), spec!))
          : null;
      if (target && existsSync(target) && target.startsWith(CLIENT) && /\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return [...seen].map((file) => relative(ROOT, file));
}

describe('the public stylesheet', () => {
  it('takes its classes from every module the public pages load (styles.css @source)', () => {
    const patterns = sourcePatterns();
    const modules = publicModules();
    expect(modules).toContain('src/client/components/layout/site-header.tsx');
    const uncovered = modules.filter(
      (file) => /className=/.test(readFileSync(join(ROOT, file), 'utf8')) && !patterns.some((p) => p.test(file)),
    );
    expect(uncovered).toEqual([]);
  });
});
