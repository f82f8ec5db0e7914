import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumMissingReason, IN_CI } from './env.ts';
import { SERVER_ENTRY } from './server.ts';

export default function setup() {
  const missing = chromiumMissingReason();
  if (missing && IN_CI) throw new Error(`Browser tests are mandatory in CI: ${missing}`);
  if (missing) console.warn(`\n⚠ Skipping browser tests: ${missing}\n`);
  const dist = join(import.meta.dirname, '../..', process.env.SPROUT_DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'ssr/entry-server.js')) || !existsSync(SERVER_ENTRY)) {
    throw new Error('Browser tests need the production build: run `npm run build` first (npm test does).');
  }
}
