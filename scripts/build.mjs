// Builds the browser bundles (public site, back office) and the server renderer into SPROUT_DIST_DIR (default dist/), then
// writes the brotli and gzip copies of the assets once, so no server start has to.
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
    rolldownOptions: { input: 'cms.html' },
  },
  logLevel: 'warn',
});
await build({ build: { ssr: 'src/client/entry-server.tsx', outDir: `${dist}/ssr`, emptyOutDir: true }, logLevel: 'warn' });
const { register } = await import('tsx/esm/api');
register();
const { precompressAssets } = await import('../src/server/plugins/compression.ts');
precompressAssets(`${dist}/client`);
console.log(`built into ${dist}/`);
