import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../db/client.ts';

const folders: string[] = [];

/**
 * A copy of the migrations folder as it was up to migration `last` (later ones would change the
 * rows a migration's test sets up). Removed by `removeMigrationCopies` (call it in afterAll).
 */
export function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'sprout-migrations-'));
  folders.push(folder);
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= last);
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries as Array<{ tag: string }>)
    copyFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return folder;
}

export function removeMigrationCopies() {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}
