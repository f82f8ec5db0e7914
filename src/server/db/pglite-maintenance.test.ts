import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fastPgliteClient } from './pglite-fast-client.ts';
import { PgliteMaintenance } from './pglite-maintenance.ts';

describe('PgliteMaintenance', () => {
  let raw: PGlite;
  let maintenance: PgliteMaintenance;
  let client: PGlite;

  beforeEach(async () => {
    raw = await PGlite.create();
    await raw.exec(`create table notes (id int primary key, slug text not null unique, body text);
      insert into notes values (1, 'first', 'a'), (2, 'second', 'b');`);
  });
  afterEach(async () => {
    await maintenance.close();
    await raw.close();
  });

  const start = (options: { settleMs?: number; startDelayMs?: number }) => {
    maintenance = new PgliteMaintenance(raw, options);
    client = fastPgliteClient(raw, { onWrite: (text, rows) => maintenance.noteWrite(text, rows) });
  };
  const rowsEstimate = async () =>
    (await raw.query<{ n: number }>(`select reltuples::int as n from pg_class where relname = 'notes'`)).rows[0]!.n;
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
  };

  it('analyses tables never analysed soon after start', async () => {
    expect(await rowsEstimate()).toBe(-1);
    start({ startDelayMs: 10 });
    await until(async () => (await rowsEstimate()) >= 0);
    expect(await rowsEstimate()).toBe(2);
  });

  it('vacuums and analyses a table once 50 rows plus a tenth of it have changed, after the writes settle', async () => {
    start({ startDelayMs: 60_000, settleMs: 20 });
    await maintenance.run(); // the two rows, analysed
    expect(await rowsEstimate()).toBe(2);
    for (let i = 3; i < 40; i++) await client.query('insert into notes values ($1, $2, $3)', [i, `note-${i}`, 'x']);
    expect(await maintenance.run()).toEqual([]); // 37 rows: not due
    await client.query(`insert into notes select i, 'note-' || i, 'x' from generate_series(40, 999) as i`);
    await until(async () => (await rowsEstimate()) === 999);
    expect(await rowsEstimate()).toBe(999);
    // Deleting 150 rows (over 50 + 99.9) in a transaction: vacuumed, the dead rows reclaimed.
    await client.transaction(async (tx) => {
      await tx.query('delete from notes where id <= $1', [150]);
    });
    await until(async () => (await rowsEstimate()) === 849);
    expect(await rowsEstimate()).toBe(849);
    const dead = await raw.query<{ n: number }>(`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'notes'`);
    expect(dead.rows[0]!.n).toBe(0);
  });

  it('lets a statement prepared on a small table find the index once the table has grown', async () => {
    start({ startDelayMs: 60_000, settleMs: 20 });
    await maintenance.run();
    const lookup = 'select id, body from notes where slug = $1';
    for (let i = 0; i < 6; i++) await client.query(lookup, ['first']);
    const plan = async () => {
      const [name] = (
        await raw.query<{ name: string }>(`select name from pg_prepared_statements where name not like '%json'`)
      ).rows.map((r) => r.name);
      return (await raw.query<{ 'QUERY PLAN': string }>(`explain execute ${name}('note-4000')`)).rows[0]!['QUERY PLAN'];
    };
    expect(await plan()).toMatch(/^Seq Scan on notes/);
    await client.query(`insert into notes select i, 'note-' || i, repeat('x', 200) from generate_series(3, 5000) as i`);
    await until(async () => (await rowsEstimate()) > 4000);
    expect(await plan()).toMatch(/Index Scan using notes_slug_key/);
    expect((await client.query(lookup, ['note-4000'])).rows).toEqual([{ id: 4000, body: 'x'.repeat(200) }]);
  });

  it('stops its timer on close, leaving the database to be closed', async () => {
    start({ startDelayMs: 10 });
    await maintenance.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(await rowsEstimate()).toBe(-1);
  });
});
