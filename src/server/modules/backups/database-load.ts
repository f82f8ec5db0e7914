import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ArchiveError, type Manifest, type TableManifest } from './archive-format.ts';
import { ident, tableShapes } from './database-dump.ts';
import { applyKept, keepLive, type KeepOptions, type KeptOutcome } from './restore-keep.ts';
import { appMigrations, applyMigrations, archiveSchemaPosition, createMigrationsTable, rowsOf } from './schema-history.ts';

/** Rows per INSERT, and the most text one INSERT carries. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/** Where restores leave their id, inside the same transaction (restore-journal.ts reads it). */
export const RESTORE_MARKER = sql`"drizzle"."sprout_restores"`;

/**
 * Replaces the whole database with the archive's tables, in one transaction: nothing changes
 * unless everything loads.
 *
 * 1. Drops everything in `public` (tables, views, sequences, functions, types: whatever this or a
 *    newer Sprout's migrations made) and drizzle's migration history, so the migrations that follow
 *    build the schema as on a fresh install.
 * 2. Runs the app's migrations up to the archive's own, so the tables are as they were when it was made.
 * 3. Loads each table (foreign keys checked at the end: users and roles refer to each other).
 * 4. Puts the identity sequences back where they were.
 * 5. Runs the migrations the archive did not have yet: an older backup is brought forward as an
 *    upgrade of that school's own database would have been.
 * 6. With `keep`: puts back what outlives a restore (restore-keep.ts): the live audit log, the
 *    restoring administrator, the two-factor secrets sealed again with the site's own key.
 */
export async function loadDatabase(
  db: Db,
  dir: string,
  manifest: Manifest,
  restoreId: string,
  keep?: KeepOptions,
): Promise<KeptOutcome> {
  const migrations = appMigrations();
  const position = archiveSchemaPosition(manifest, migrations);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`set local timezone = 'UTC'`);
    const existing = await schemaObjects(tx);
    const [history] = await rowsOf<{ t: string | null }>(tx, sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
    if (existing.length && !history?.t) {
      throw new ArchiveError(
        `This database holds tables or other objects that are not Sprout's (${existing
          .map((t) => t.name)
          .slice(0, 3)
          .join(', ')}): restore into an empty database.`,
      );
    }
    const live = keep ? await keepLive(tx, keep) : undefined;
    await dropObjects(tx, existing);
    await tx.execute(sql`drop table if exists "drizzle"."__drizzle_migrations"`);
    await createMigrationsTable(tx);
    await applyMigrations(tx, migrations.slice(0, position));
    await checkShapes(tx, manifest);

    const foreignKeys = await rowsOf<{ tbl: string; name: string }>(
      tx,
      sql`select conrelid::regclass::text as tbl, conname::text as name from pg_constraint
          where contype = 'f' and connamespace = 'public'::regnamespace and not condeferrable`,
    );
    const alterKeys = async (mode: string) => {
      for (const fk of foreignKeys) await tx.execute(sql.raw(`alter table ${fk.tbl} alter constraint ${ident(fk.name)} ${mode}`));
    };
    await alterKeys('deferrable initially deferred');
    await tx.execute(sql`set constraints all deferred`);
    for (const table of manifest.tables) {
      if (table.kept) await loadTable(tx, join(dir, table.file), table);
    }
    await tx.execute(sql`set constraints all immediate`);
    await alterKeys('not deferrable');
    for (const table of manifest.tables) {
      for (const s of table.sequences) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${`public.${ident(table.name)}`}, ${s.column}), ${s.lastValue}::bigint, ${s.isCalled})`,
        );
      }
    }

    await applyMigrations(tx, migrations.slice(position));
    const kept = keep && live ? await applyKept(tx, keep, live) : { twoFactorCleared: 0, adminsDisabled: [] };
    await tx.execute(
      sql`create table if not exists ${RESTORE_MARKER} (id text primary key, restored_at timestamptz not null default now())`,
    );
    await tx.execute(sql`insert into ${RESTORE_MARKER} (id) values (${restoreId})`);
    return kept;
  });
}

export interface SchemaObject {
  kind: 'view' | 'materialized view' | 'table' | 'sequence' | 'function' | 'procedure' | 'aggregate' | 'type' | 'domain';
  /** Schema-qualified and quoted as a DROP statement takes it (functions with their argument types). */
  name: string;
}

/**
 * Everything the app's migrations can have made in `public`, read from the catalogue: tables,
 * views, standalone sequences, routines and types (enums, domains, ranges, composites). Objects
 * that belong to an extension and those made with another object (a table's row type, an owned
 * sequence, an array type) are left out: they go with their owner.
 */
export async function schemaObjects(db: Db): Promise<SchemaObject[]> {
  return rowsOf<SchemaObject>(
    db,
    sql`with ns as (select 'public'::regnamespace as oid),
        ext as (select objid, classid from pg_depend where deptype = 'e')
        select case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' else 'table' end as kind,
               format('public.%I', c.relname) as name
          from pg_class c, ns
         where c.relnamespace = ns.oid and c.relkind in ('r', 'p', 'v', 'm', 'S')
           and not exists (select 1 from ext where ext.classid = 'pg_class'::regclass and ext.objid = c.oid)
           and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                    and d.objid = c.oid and d.deptype in ('a', 'i')))
        union all
        select case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end,
               format('public.%I(%s)', p.proname, pg_get_function_identity_arguments(p.oid))
          from pg_proc p, ns
         where p.pronamespace = ns.oid
           and not exists (select 1 from ext where ext.classid = 'pg_proc'::regclass and ext.objid = p.oid)
        union all
        select case t.typtype when 'd' then 'domain' else 'type' end, format('public.%I', t.typname)
          from pg_type t, ns
         where t.typnamespace = ns.oid and t.typtype in ('e', 'd', 'r', 'c')
           and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')
           and not exists (select 1 from ext where ext.classid = 'pg_type'::regclass and ext.objid = t.oid)
        order by 1, 2`,
  );
}

/** Views first, then tables, sequences, routines and types; CASCADE takes triggers, indexes and defaults with them. */
async function dropObjects(tx: Db, objects: SchemaObject[]) {
  const order: SchemaObject['kind'][] = [
    'materialized view',
    'view',
    'table',
    'sequence',
    'aggregate',
    'procedure',
    'function',
    'domain',
    'type',
  ];
  for (const kind of order) {
    const names = objects.filter((o) => o.kind === kind).map((o) => o.name);
    // `if exists`: a cascade from an earlier statement may have taken one already.
    if (names.length) await tx.execute(sql.raw(`drop ${kind} if exists ${names.join(', ')} cascade`));
  }
}

async function checkShapes(tx: Db, manifest: Manifest) {
  const shapes = new Map((await tableShapes(tx)).map((t) => [t.name, t]));
  for (const table of manifest.tables) {
    const shape = shapes.get(table.name);
    const missing = shape ? table.columns.filter((c) => !shape.columns.includes(c)) : [];
    if (!shape || missing.length) {
      throw new ArchiveError(
        `This backup does not fit Sprout's database: ${shape ? `table ${table.name} has no column ${missing.join(', ')}` : `there is no table ${table.name}`} at its migration.`,
      );
    }
  }
}

async function loadTable(tx: Db, path: string, table: TableManifest) {
  const columns = table.columns.map(ident).join(', ');
  const target = `public.${ident(table.name)}`;
  let batch: string[] = [];
  let bytes = 0;
  let loaded = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(
      sql`insert into ${sql.raw(target)} (${sql.raw(columns)}) overriding system value
          select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(target)}, ${`[${batch.join(',')}]`}::json)`,
    );
    loaded += batch.length;
    batch = [];
    bytes = 0;
  };
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  if (loaded !== table.rows) {
    throw new ArchiveError(`The backup is damaged: ${table.file} holds ${loaded} rows where its manifest says ${table.rows}.`);
  }
}
