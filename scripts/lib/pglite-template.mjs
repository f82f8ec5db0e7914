// `node scripts/lib/pglite-template.mjs OUT.tgz` (run by the build): an empty built-in database,
// made once by PGlite's initdb and packed, so that a server's first start unpacks it instead of
// running initdb itself (about 860 MB at its peak; src/server/db/pglite-worker.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { create } from 'tar';

const out = process.argv[2];
if (!out) throw new Error('usage: pglite-template.mjs OUT.tgz');
const dir = mkdtempSync(join(tmpdir(), 'sprout-pglite-template-'));
try {
  const db = await PGlite.create(dir);
  await db.close();
  await create({ file: out, cwd: dir, gzip: true, portable: true }, ['.']);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
