// Builds the browser bundle and the server renderer into SPROUT_DIST_DIR (default dist/), writes
// the brotli and gzip copies of the assets once, so no server start has to, and compiles the server
// into <dist>/server/main.js: production runs plain JavaScript, without the TypeScript loader
// (docs/decisions/0014-compiled-server.md).
import { build as bundle } from 'esbuild';
import { build } from 'vite';

const dist = process.env.SPROUT_DIST_DIR ?? 'dist';
await build({ build: { outDir: `${dist}/client`, emptyOutDir: true }, logLevel: 'warn' });
await build({ build: { ssr: 'src/client/entry-server.tsx', outDir: `${dist}/ssr`, emptyOutDir: true }, logLevel: 'warn' });
// Packages stay in node_modules (found from <dist>/server/ upwards); only Sprout's own code is bundled.
await bundle({
  entryPoints: ['src/server/main.ts'],
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
