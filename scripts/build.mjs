// Builds the browser bundles (public site, back office) and the server renderer into SPROUT_DIST_DIR (default dist/), writes
// the brotli and gzip copies of the assets once, so no server start has to, and compiles the server
// into <dist>/server/main.js: production runs plain JavaScript, without the TypeScript loader
// (docs/decisions/0014-compiled-server.md).
import { build as bundle } from 'esbuild';
import { build } from 'vite';

const dist = process.env.SPROUT_DIST_DIR ?? 'dist';
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
      // Few, larger chunks: on a phone each request costs a round trip, and the default split gave
      // the first screen about 25 files (Lighthouse LCP 2.9-3.1 s; 2.3-2.7 s grouped so). React,
      // the router and zod come with the entry; what the back office's chunks share comes in one.
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|zod)[\\/]/, priority: 2 },
            { name: 'back-office', minShareCount: 2, priority: 1 },
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
const { register } = await import('tsx/esm/api');
register();
const { precompressAssets } = await import('../src/server/plugins/compression.ts');
precompressAssets(`${dist}/client`);
console.log(`built into ${dist}/`);
