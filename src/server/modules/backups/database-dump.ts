import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { TABLES_NOT_KEPT, type Manifest, type TableManifest } from './archive-format.ts';
import { appliedMigrations, rowsOf } from './schema-history.ts';
import { backupSummary } from './backup-summary.ts';

/** Rows fetched per round trip: a batch of long posts stays a few megabytes. */
const FETCH_ROWS = 500;

export interface TableShape {
  name: string;
  columns: string[];
  primaryKey: string[];
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of the `public` schema, its columns in order and its primary key (from the catalogue, so new tables need nothing here). */
export async function tableShapes(db: Db): Promise<TableShape[]> {
  const rows = await rowsOf<{ name: string; columns: string[]; primary_key: string[] | null }>(
    db,
    sql`select c.relname as name,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                order by a.attnum) as columns,
          array(select a.attname::text from pg_index i
                join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                where i.indrelid = c.oid and i.indisprimary order by k.n) as primary_key
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname`,
  );
  return rows.map((r) => ({ name: r.name, columns: r.columns, primaryKey: r.primary_key ?? [] }));
}

/** Sequences owned by a table's columns (identity and serial), with their state. */
async function sequencesOf(db: Db, table: string): Promise<TableManifest['sequences']> {
  const owned = await rowsOf<{ column: string; seq: string }>(
    db,
    sql`select a.attname::text as column, s.oid::regclass::text as seq
        from pg_class s
        join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        join pg_class t on t.oid = d.refobjid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and n.nspname = 'public' and t.relname = ${table}
        order by a.attnum`,
  );
  const out: TableManifest['sequences'] = [];
  for (const { column, seq } of owned) {
    const [state] = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      sql.raw(`select last_value::text, is_called from ${seq}`),
    );
    out.push({ column, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return out;
}

/**
 * Writes every table to `dir/db/<table>.jsonl` from one consistent snapshot (a repeatable-read,
 * read-only transaction), hashing as it writes; rows stream through a cursor, a batch at a time.
 * On the built-in database the transaction holds the only connection, so requests wait for the
 * dump (a second or two for a school's data; the uploads are copied afterwards, outside it).
 */
export async function dumpDatabase(
  db: Db,
  dir: string,
): Promise<Pick<Manifest, 'migrations' | 'tables'> & Required<Pick<Manifest, 'school' | 'counts'>> & { serverVersion: string }> {
  mkdirSync(join(dir, 'db'), { recursive: true });
  return db.transaction(
    async (txn) => {
      const tx = txn as unknown as Db;
      await tx.execute(sql`set local timezone = 'UTC'`);
      const [{ version } = { version: '' }] = await rowsOf<{ version: string }>(
        tx,
        sql`select current_setting('server_version') as version`,
      );
      const migrations = await appliedMigrations(tx);
      const tables: TableManifest[] = [];
      for (const shape of await tableShapes(tx)) {
        const kept = !TABLES_NOT_KEPT.has(shape.name);
        const file = `db/${shape.name}.jsonl`;
        const { rows, bytes, sha256 } = await dumpTable(tx, shape, join(dir, file), kept);
        tables.push({ ...shape, kept, file, rows, bytes, sha256, sequences: kept ? await sequencesOf(tx, shape.name) : [] });
      }
      return { migrations, tables, serverVersion: version, ...(await backupSummary(tx)) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function dumpTable(tx: Db, shape: TableShape, path: string, kept: boolean) {
  const out = createWriteStream(path);
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const write = async (text: string) => {
    hash.update(text);
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    if (kept) {
      const order = (shape.primaryKey.length ? shape.primaryKey : shape.columns).map(ident).join(', ');
      await tx.execute(
        sql.raw(`declare backup_rows no scroll cursor for
                 select row_to_json(t)::text as j from public.${ident(shape.name)} t order by ${order}`),
      );
      for (;;) {
        const batch = await rowsOf<{ j: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from backup_rows`));
        if (batch.length === 0) break;
        rows += batch.length;
        // A raw line break can only be whitespace of a `json` column's text (strings escape theirs).
        await write(`${batch.map((r) => r.j.replace(/[\r\n]/g, ' ')).join('\n')}\n`);
      }
      await tx.execute(sql`close backup_rows`);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { rows, bytes, sha256: hash.digest('hex') };
}
