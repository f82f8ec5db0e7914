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

  it('answers a select exactly as the plain client does, through one prepared statement and its JSON twin', async () => {
    const text = 'select id, body, due, done from notes where id >= $1 order by id';
    const options = { rowMode: 'array' as const };
    const plain = await raw.query(text, [2], options);
    const first = await client.query(text, [2], options);
    const second = await client.query(text, [1], options);
    expect(first.rows).toEqual(plain.rows);
    expect(first.fields).toEqual(plain.fields);
    expect(second.rows).toHaveLength(3);
    expect((await prepared()).sort()).toEqual([
      `prepare sprout_s1 as ${text}`,
      `prepare sprout_s1_json as select coalesce(json_agg(row(t.*)), '[]')::text from (${text}) t`,
    ]);
  });

  it('gives the same rows, in the same order, through one JSON text for every type it sends that way', async () => {
    await raw.exec(`create table kinds (id int, big int8, small int2, label varchar(20), body text, yes boolean,
        day date, at timestamptz, naive timestamp, doc jsonb, raw json, tags text[], nums int[], ref uuid);
      insert into kinds select i, 9007199254740 + i, i, 'label ' || i, E'line\\nbreak "quoted" \\\\ é 🌱 ' || i,
        i % 2 = 0, date '2026-02-28' + i, timestamptz '2026-03-29 01:30:00.123456+00' + i * interval '1 hour',
        timestamp '2026-01-01 00:00:00' + i * interval '1 minute', jsonb_build_object('n', i, 'list', jsonb_build_array(i, 'x')),
        json_build_object('n', i), array['a', 'b''c', null], array[i, null], gen_random_uuid()
        from generate_series(1, 60) i;
      insert into kinds (id) values (0);`);
    const text =
      'select id, big, small, label, body, yes, day, at, naive, doc, raw, tags, nums, ref from kinds where id < $1 order by id desc';
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
      await raw.exec(`set timezone = '${zone}'`);
      const options = { rowMode: 'array' as const };
      const plain = await raw.query(text, [100], options);
      const viaJson = await client.query(text, [100], options);
      expect(viaJson.rows).toEqual(plain.rows);
      expect(viaJson.rows).toHaveLength(61);
      expect(viaJson.fields).toEqual(plain.fields);
      expect((await client.query(text, [-1], options)).rows).toEqual([]);
    }
    await raw.exec(`set timezone = 'UTC'`);
    expect(
      (await prepared()).filter((s) => s.endsWith(`_json as select coalesce(json_agg(row(t.*)), '[]')::text from (${text}) t`)),
    ).toHaveLength(1);
  });

  it('keeps the plain way for types JSON would change, and for rows as objects', async () => {
    await raw.exec(
      `create table measures (id int, ratio float8, price numeric(8, 2)); insert into measures values (1, 'NaN', 1.50), (2, 0.1, 2);`,
    );
    const text = 'select id, ratio, price from measures where id > $1 order by id';
    const plain = await raw.query(text, [0], { rowMode: 'array' });
    expect((await client.query(text, [0], { rowMode: 'array' })).rows).toEqual(plain.rows);
    const objects = 'select id, body from notes where id = $1';
    expect((await client.query(objects, [1])).rows).toEqual([{ id: 1, body: 'plain' }]);
    const statements = await prepared();
    expect(statements.filter((s) => s.includes('measures'))).toHaveLength(1);
  });

  it('plans a prepared select once for all values, not once per call', async () => {
    const text = 'select id from notes where id >= $1 order by id limit $2';
    for (let i = 0; i < 8; i++) await client.query(text, [i % 3, 2]);
    const plans = await raw.query<{ generic_plans: number; custom_plans: number }>(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like $1',
      [`prepare sprout_s% as ${text}`],
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
