import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool } from '../../test/factories.ts';
import { schemaListing, type SchemaListing } from '../../test/schema-listing.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { writeBackupFile } from './backup.service.ts';
import { schemaObjects } from './database-load.ts';
import { restoreArchive, unpackArchive } from './restore.service.ts';

const work = mkdtempSync(join(tmpdir(), 'sprout-restore-schema-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let app: FastifyInstance;
let archive: string;
/** The schema of a database made by running the migrations on an empty one. */
let fresh: SchemaListing;

beforeAll(async () => {
  const clean = await createTestDatabase();
  fresh = await schemaListing(clean.db);
  await clean.close();
  app = await buildTestApp();
  await installTestSchool(app);
  await app.db.insert(categories).values({ name: 'Kept' });
  archive = join(work, 'school.tar.gz');
  await writeBackupFile(app.database.current, app.dataDir, archive);
}, 60_000);
afterAll(() => app?.close());

const restore = async () => {
  const checked = await unpackArchive(createReadStream(archive), app.dataDir);
  await restoreArchive(app.db, app.dataDir, checked, undefined, { liveBox: app.secretBox, restoredFrom: 'school.tar.gz' });
};
const categoryNames = async () => (await app.db.select({ name: categories.name }).from(categories)).map((c) => c.name);

describe('a restore rebuilds the schema from nothing', () => {
  it('has the schema of a fresh install, restored once or twice over the same database', async () => {
    expect(fresh.columns.length).toBeGreaterThan(50);
    expect(fresh.routines.join('\n')).toContain('audit_log_append_only');
    expect(fresh.triggers.join('\n')).toContain('audit_log_no_update');
    await restore();
    expect(await schemaListing(app.db)).toEqual(fresh);
    await restore();
    expect(await schemaListing(app.db)).toEqual(fresh);
    expect(await categoryNames()).toContain('Kept');
  }, 60_000);

  it("clears what a newer Sprout's schema added (table, view, sequence, function, trigger, enum, domain, migration) before rebuilding", async () => {
    await app.db.execute(sql`create type public.weather as enum ('sun', 'rain')`);
    await app.db.execute(sql`create domain public.short_text as text check (length(value) < 10)`);
    await app.db.execute(sql`create sequence public.ticket_numbers`);
    await app.db.execute(
      sql`create table public.outings (id integer generated always as identity primary key, sky public.weather, note public.short_text,
          category_id integer references public.categories (id))`,
    );
    await app.db.execute(
      sql`create view public.outing_names as select o.id, c.name from public.outings o join public.categories c on c.id = o.category_id`,
    );
    await app.db.execute(
      sql`create function public.touch_outing() returns trigger language plpgsql as $$ begin return new; end $$`,
    );
    await app.db.execute(
      sql`create trigger outing_touch before update on public.outings for each row execute function public.touch_outing()`,
    );
    await app.db.execute(sql`alter table public.categories add column colour text`);
    await app.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 99999999999999)`);
    const before = (await schemaObjects(app.db)).map((o) => `${o.kind} ${o.name}`);
    for (const made of [
      'type public.weather',
      'domain public.short_text',
      'sequence public.ticket_numbers',
      'table public.outings',
      'view public.outing_names',
      'function public.touch_outing()',
    ]) {
      expect(before).toContain(made);
    }
    expect(await schemaListing(app.db)).not.toEqual(fresh);

    await restore();
    expect(await schemaListing(app.db)).toEqual(fresh);
    expect(await categoryNames()).toContain('Kept');
  }, 60_000);
});
