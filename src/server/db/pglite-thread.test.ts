import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionError } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';

describe('the built-in database on its own thread', () => {
  let db: PgliteThread;

  beforeAll(async () => {
    db = await PgliteThread.open({});
    await db.exec(`create table notes (id int primary key, body text not null unique, due timestamptz);
      insert into notes values (1, 'first', '2026-01-01T10:00:00Z'), (2, 'second', null);`);
  }, 60_000);
  afterAll(() => db.close());

  it('answers queries with their rows and fields, in both row modes', async () => {
    const objects = await db.query<{ id: number; body: string }>('select id, body from notes where id >= $1 order by id', [1]);
    expect(objects.rows).toEqual([
      { id: 1, body: 'first' },
      { id: 2, body: 'second' },
    ]);
    const arrays = await db.query('select id, due from notes order by id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, '2026-01-01 10:00:00+00'],
      [2, null],
    ]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'due']);
  });

  it("gives PostgreSQL's errors with their fields, as the in-thread client did", async () => {
    const error = await db.query(`insert into notes values (3, 'first', null)`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_body_key', table: 'notes' });
    expect((error as Error).message).toMatch(/duplicate key/);
    await expect(db.query('select nothing from nowhere')).rejects.toMatchObject({ code: '42P01' });
  });

  it('counts the statements that may write: all but selects, in a transaction too', async () => {
    const before = db.writes;
    await db.query('select count(*) from notes');
    await db.query(' SELECT 1');
    expect(db.writes).toBe(before);
    await db.query(`update notes set due = null where id = $1`, [2]);
    await db.query('with gone as (delete from notes where id = 99 returning id) select count(*) from gone');
    expect(db.writes).toBe(before + 2);
    // exec runs a text of several statements: one that starts as a select may write after it.
    await db.exec('select 1; update notes set due = null where id = 2');
    expect(db.writes).toBe(before + 3);
    await db.transaction(async (tx) => {
      await tx.query('select 1');
      await tx.query(`update notes set due = null where id = 2`);
    });
    expect(db.writes).toBe(before + 4);
  });

  it('refuses a value that cannot be sent to the thread, and goes on answering', async () => {
    await expect(db.query('select $1::text as v', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
    expect((await db.query<{ v: string }>('select $1::text as v', ['text'])).rows).toEqual([{ v: 'text' }]);
  });

  it('commits a transaction that resolves, rolls back one that throws, and keeps other work out meanwhile', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`insert into notes values (10, 'kept', null)`);
    });
    let outsideSaw: number | undefined;
    const failed = db
      .transaction(async (tx) => {
        await tx.query(`insert into notes values (11, 'dropped', null)`);
        // Sent while the transaction is open: it runs after the transaction, so never sees row 11.
        void db
          .query<{ n: number }>('select count(*)::int as n from notes where id = 11')
          .then((r) => (outsideSaw = r.rows[0]!.n));
        await new Promise((r) => setTimeout(r, 50));
        expect(outsideSaw).toBeUndefined();
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect(await failed).toMatchObject({ message: 'changed my mind' });
    const rows = await db.query<{ id: number }>('select id from notes where id >= 10 order by id');
    expect(rows.rows).toEqual([{ id: 10 }]);
    expect(outsideSaw).toBe(0);
  });

  it('keeps the calling thread free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    // About half a second of work in the database (a few million rows summed).
    await db.query('select sum(g)::text from generate_series(1, 4000000) g');
    clearInterval(timer);
    // In the calling thread the statement would have held the event loop the whole time: no tick.
    expect(ticks).toBeGreaterThan(3);
  }, 30_000);

  it('dumps the database, which a new thread loads whole', async () => {
    const dump = await db.dumpDataDir();
    const copy = await PgliteThread.open({ loadDataDir: dump });
    try {
      expect((await copy.query<{ body: string }>('select body from notes order by id')).rows.map((r) => r.body)).toEqual([
        'first',
        'second',
        'kept',
      ]);
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('closes while a transaction is still open, rolling it back', async () => {
    const other = await PgliteThread.open({ loadDataDir: await db.dumpDataDir() });
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = other
      .transaction(async (tx) => {
        await tx.query(`insert into notes values (20, 'never kept', null)`);
        inserted();
        await held;
        await tx.query('select 1');
      })
      .catch((e: unknown) => e);
    await insertedYet;
    await other.close();
    release();
    expect(isConnectionError(await transaction)).toBe(true);
  }, 60_000);

  it('once closed, answers every call with an error read as the database being away', async () => {
    const other = await PgliteThread.open({});
    await other.close();
    expect(other.closed).toBe(true);
    const error = await other.query('select 1').catch((e: unknown) => e);
    expect(isConnectionError(error)).toBe(true);
  }, 60_000);
});
