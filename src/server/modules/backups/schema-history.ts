import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR, type Db } from '../../db/client.ts';
import { ArchiveError, type Manifest } from './archive-format.ts';

export interface Migration {
  tag: string;
  createdAt: number;
  hash: string;
  statements: string[];
}

/** The app's migrations, oldest first, as drizzle's migrator reads them. */
export function appMigrations(folder = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
    tag: journal.entries[i]!.tag,
    createdAt: m.folderMillis,
    hash: m.hash,
    statements: m.sql,
  }));
}

export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The migrations recorded in a database (drizzle's table), named with the app's tags where known. */
export async function appliedMigrations(db: Db): Promise<Manifest['migrations']> {
  const exists = await rowsOf<{ t: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists[0]?.t) return [];
  const rows = await rowsOf<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at, id`,
  );
  const known = new Map(appMigrations().map((m) => [m.createdAt, m.tag]));
  return rows.map((r) => ({
    tag: known.get(Number(r.created_at)) ?? `unknown-${r.created_at}`,
    createdAt: Number(r.created_at),
    hash: r.hash,
  }));
}

/**
 * How far the archive's schema is along the app's migrations. An archive made by a newer Sprout
 * (a migration this one does not have) or by another application is refused.
 */
export function archiveSchemaPosition(manifest: Manifest, ours = appMigrations()): number {
  const theirs = manifest.migrations;
  if (theirs.length > ours.length) {
    throw new ArchiveError(
      `This backup was made by a newer version of Sprout (its database is at ${theirs.at(-1)!.tag}, ` +
        `this one knows up to ${ours.at(-1)?.tag}). Update Sprout, then restore it.`,
    );
  }
  theirs.forEach((m, i) => {
    if (ours[i]!.createdAt !== m.createdAt) {
      throw new ArchiveError(
        `This backup's database history does not match this Sprout's (migration ${i + 1}: ${m.tag}). ` +
          'It was made by another application or a modified copy of Sprout.',
      );
    }
  });
  return theirs.length;
}

const MIGRATIONS_TABLE = sql`"drizzle"."__drizzle_migrations"`;

/** Creates drizzle's bookkeeping exactly as its migrator does, so a later `migrate()` sees the same history. */
export async function createMigrationsTable(db: Db) {
  await db.execute(sql`create schema if not exists "drizzle"`);
  await db.execute(
    sql`create table if not exists ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
}

/** Runs migrations inside the caller's transaction and records them as drizzle's migrator would. */
export async function applyMigrations(tx: Db, migrations: Migration[]) {
  for (const migration of migrations) {
    for (const statement of migration.statements) {
      if (statement.trim()) await tx.execute(sql.raw(statement));
    }
    await tx.execute(
      sql`insert into ${MIGRATIONS_TABLE} ("hash", "created_at") values (${migration.hash}, ${migration.createdAt})`,
    );
  }
}
