// Builds the browser bundles (public site, back office) and the server renderer into SPROUT_DIST_DIR (default dist/), writes
// the brotli and gzip copies of the assets once, so no server start has to, and compiles the server
// into <dist>/server/main.js: production runs plain JavaScript, without the TypeScript loader
// (docs/decisions/0014-compiled-server.md).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { build as bundle } from 'esbuild';
import { build } from 'vite';

const dist = process.env.SPROUT_DIST_DIR ?? 'dist';

/** The modules the shell and the overview import (not lazily), found once from the module graph. */
let startModules;
function startsTheBackOffice(id, ctx) {
  if (!startModules) {
    startModules = new Set();
    const visit = (module) => {
      if (startModules.has(module)) return;
      startModules.add(module);
      for (const imported of ctx.getModuleInfo(module)?.importedIds ?? []) visit(imported);
    };
    for (const start of ['src/client/app/routes/cms/cms-app.tsx', 'src/client/app/routes/cms/screens/overview.tsx'])
      visit(resolve(start));
  }
  return startModules.has(id);
}
await build({ build: { outDir: `${dist}/client`, emptyOutDir: true }, logLevel: 'warn' });
// The back office and the wizard (cms.html) are built apart: the two entries share no chunk, so a
// public page still loads one file, and the back office none of the public pages' code.
await build({
  build: {
    outDir: `${dist}/client`,
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/cms-manifest.json',
    rolldownOptions: {
      input: 'cms.html',
      // A schema the browser never uses is not made: `z.object(...)` and its chains have no side
      // effects, so a module imported for one schema or constant no longer builds all of its own
      // at start (zod's schema building was a sixth of opening a screen; decision 22).
      treeshake: { manualPureFunctions: ['z'] },
      // Few, larger chunks: on a phone each request costs a round trip, and the default split gave
      // the first screen about 25 files (Lighthouse LCP 2.9-3.1 s; 2.3-2.7 s grouped so). React,
      // the router and zod come with the entry; what the back office's chunks share comes in one.
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|zod)[\\/]/, priority: 3 },
            // What the screens share is split in two (decision 22): what the back office's start
            // runs (the shell, and the overview, /cms) and what only other screens use (forms, their
            // schemas...). Opening /cms no longer loads and runs every screen's shared code.
            {
              name: (id, ctx) => (startsTheBackOffice(id, ctx) ? 'back-office' : null),
              debugName: 'back-office',
              minShareCount: 2,
              priority: 2,
            },
            { name: 'screens', minShareCount: 2, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  logLevel: 'warn',
});
await build({ build: { ssr: 'src/client/entry-server.tsx', outDir: `${dist}/ssr`, emptyOutDir: true }, logLevel: 'warn' });
// Packages stay in node_modules (found from <dist>/server/ upwards); only Sprout's own code is bundled.
await bundle({
  // The built-in database's thread is a file of its own, beside main.js (src/server/db/pglite-thread.ts).
  entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' },
  outdir: `${dist}/server`,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
// The empty built-in database a first start unpacks (pglite-worker.ts), made in a process of its own,
// again only when PGlite changed.
const template = `${dist}/server/pglite-template.tgz`;
const pglite = 'node_modules/@electric-sql/pglite/package.json';
if (!existsSync(template) || statSync(template).mtimeMs < statSync(pglite).mtimeMs) {
  const made = spawnSync(process.execPath, ['scripts/lib/pglite-template.mjs', template], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('could not make the empty database template');
}
const { register } = await import('tsx/esm/api');
register();
const { precompressAssets } = await import('../src/server/plugins/compression.ts');
precompressAssets(`${dist}/client`);
console.log(`built into ${dist}/`);
