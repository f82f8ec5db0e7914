import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: { line: string }[] }).rows.map((r) => r.line);

/**
 * The app's schema as the catalogue describes it, one sorted line per thing: columns (type,
 * nullability, default), constraints (with their deferrability), indexes, views, sequences,
 * routines, triggers, types, and drizzle's migration history. Two databases built the same way
 * list the same lines on either PostgreSQL; values and sequence positions are not part of it.
 */
export type SchemaListing = Record<
  'columns' | 'relations' | 'constraints' | 'indexes' | 'views' | 'routines' | 'triggers' | 'types' | 'migrations',
  string[]
>;

export async function schemaListing(db: Db): Promise<SchemaListing> {
  return {
    columns: await rows(
      db,
      sql`select concat_ws(' ', table_name, ordinal_position, column_name, data_type, udt_name, is_nullable, column_default, is_identity, identity_generation) as line
            from information_schema.columns where table_schema = 'public' order by 1`,
    ),
    relations: await rows(
      db,
      sql`select concat_ws(' ', c.relkind, c.relname) as line from pg_class c
           where c.relnamespace = 'public'::regnamespace and c.relkind not in ('i', 'I', 't') order by 1`,
    ),
    constraints: await rows(
      db,
      sql`select concat_ws(' ', conrelid::regclass::text, conname, contype, condeferrable, condeferred, pg_get_constraintdef(oid)) as line
            from pg_constraint where connamespace = 'public'::regnamespace order by 1`,
    ),
    indexes: await rows(db, sql`select indexdef as line from pg_indexes where schemaname = 'public' order by 1`),
    views: await rows(
      db,
      sql`select concat_ws(' ', viewname, md5(definition)) as line from pg_views where schemaname = 'public' order by 1`,
    ),
    routines: await rows(
      db,
      sql`select concat_ws(' ', proname, prokind, pg_get_function_identity_arguments(oid), md5(prosrc)) as line
            from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
    ),
    triggers: await rows(
      db,
      sql`select pg_get_triggerdef(t.oid) as line from pg_trigger t join pg_class c on c.oid = t.tgrelid
           where c.relnamespace = 'public'::regnamespace and not t.tgisinternal order by 1`,
    ),
    types: await rows(
      db,
      sql`select concat_ws(' ', typname, typtype,
                 (select string_agg(enumlabel, ',' order by enumsortorder) from pg_enum where enumtypid = t.oid)) as line
            from pg_type t where typnamespace = 'public'::regnamespace and typtype in ('e', 'd', 'r', 'c', 'm')
             and (typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c') order by 1`,
    ),
    migrations: await rows(db, sql`select concat_ws(' ', hash, created_at) as line from drizzle.__drizzle_migrations order by 1`),
  };
}
