import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastPgliteClient } from './pglite-fast-client.ts';

describe('fastPgliteClient', () => {
  const keepText = { 1184: (value: string) => value, 1114: (value: string) => value };
  let raw: PGlite;
  let client: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create();
    await raw.exec(`create table notes (id int primary key, body text, due timestamptz, done boolean);
      insert into notes values (1, 'plain', '2026-01-01T10:00:00Z', false),
        (2, 'it''s a \\ backslash', null, true), (3, E'line\\nbreak', null, false);`);
    client = fastPgliteClient(raw);
  });
  afterAll(() => raw.close());

  const prepared = async () =>
    (await raw.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

  it('answers a select exactly as the plain client does, through one prepared statement', async () => {
    const text = 'select id, body, due, done from notes where id >= $1 order by id';
    const options = { rowMode: 'array' as const };
    const plain = await raw.query(text, [2], options);
    const first = await client.query(text, [2], options);
    const second = await client.query(text, [1], options);
    expect(first.rows).toEqual(plain.rows);
    expect(first.fields).toEqual(plain.fields);
    expect(second.rows).toHaveLength(3);
    expect(await prepared()).toEqual([`prepare sprout_s1 as ${text}`]);
  });

  it('plans a prepared select once for all values, not once per call', async () => {
    const text = 'select id from notes where id >= $1 order by id limit $2';
    for (let i = 0; i < 8; i++) await client.query(text, [i % 3, 2]);
    const plans = await raw.query<{ generic_plans: number; custom_plans: number }>(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1',
      [`prepare sprout_s2 as ${text}`],
    );
    expect(plans.rows).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
  });

  it('keeps quotes, backslashes and an injection attempt as plain values', async () => {
    const text = 'select id from notes where body = $1';
    expect((await client.query(text, ["it's a \\ backslash"])).rows).toEqual([{ id: 2 }]);
    expect((await client.query(text, ['line\nbreak'])).rows).toEqual([{ id: 3 }]);
    expect((await client.query(text, ["x'); delete from notes; --"])).rows).toEqual([]);
    expect((await client.query(text, [null])).rows).toEqual([]);
    expect((await raw.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 3 }]);
  });

  it('coerces numbers and booleans by the parameter types', async () => {
    const rows = (await client.query('select id from notes where done = $1 and id < $2 order by id', [false, 3])).rows;
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('sends values it cannot write as literals, and writes, the plain way', async () => {
    const before = (await prepared()).length;
    const due = await client.query('select id from notes where due = $1', [new Date('2026-01-01T10:00:00Z')]);
    expect(due.rows).toEqual([{ id: 1 }]);
    await client.query('update notes set done = $1 where id = $2', [true, 1]);
    expect((await raw.query('select done from notes where id = 1')).rows).toEqual([{ done: true }]);
    expect(await prepared()).toHaveLength(before);
  });

  it('gives PostgreSQL’s own error for a bad select or a bad value', async () => {
    await expect(client.query('select nope from notes')).rejects.toThrow(/column "nope" does not exist/);
    await expect(client.query('select id from notes where id = $1', ['seven'])).rejects.toThrow(
      /invalid input syntax for type integer/,
    );
  });

  it('keeps timestamps as text by default, as Drizzle asks, and honours any other parser', async () => {
    const text = 'select due, id from notes where id = $1';
    const drizzleStyle = await client.query(text, [1], { rowMode: 'array', parsers: keepText });
    expect(drizzleStyle.rows).toEqual([['2026-01-01 10:00:00+00', 1]]);
    expect((await client.query(text, [1], { rowMode: 'array' })).rows).toEqual([['2026-01-01 10:00:00+00', 1]]);
    const custom = await client.query(text, [1], { rowMode: 'array', parsers: { 23: (value: string) => `#${value}` } });
    expect(custom.rows).toEqual([['2026-01-01 10:00:00+00', '#1']]);
  });
});
