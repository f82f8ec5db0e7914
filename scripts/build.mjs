// Builds the browser bundle and the server renderer into SPROUT_DIST_DIR (default dist/).
import { build } from 'vite';

const dist = process.env.SPROUT_DIST_DIR ?? 'dist';
await build({ build: { outDir: `${dist}/client`, emptyOutDir: true }, logLevel: 'warn' });
await build({ build: { ssr: 'src/client/entry-server.tsx', outDir: `${dist}/ssr`, emptyOutDir: true }, logLevel: 'warn' });
console.log(`built into ${dist}/`);
