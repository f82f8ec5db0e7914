import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** The most statements kept prepared; past it, new texts take the plain path. */
const MAX_STATEMENTS = 500;

/**
 * The types Drizzle asks PGlite to return as text, with a parser table on every call (timestamps,
 * dates, intervals and their arrays): `types` TIMESTAMP, TIMESTAMPTZ, INTERVAL, DATE, then the arrays.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const keepText = (value: string) => value;
const PROBE = '\u0001probe';
/** Types whose JSON form gives the same JavaScript value as PGlite's own parsers (timestamps after timestampText). */
const TIMESTAMP_TYPES = new Set([1114, 1184]);
const JSON_SAFE_TYPES = new Set([
  16, // bool
  20, // int8 (PGlite gives a number too)
  21, // int2
  23, // int4
  25, // text
  114, // json
  1007, // int4[]
  1009, // text[]
  1043, // varchar
  1082, // date
  2950, // uuid
  3802, // jsonb
  ...TIMESTAMP_TYPES,
]);

interface Statement {
  name: string;
  /** The same select as one JSON text, when every column reads the same from JSON. */
  json: { name: string; fields: Results['fields']; timestamps: number[] } | null;
}

/**
 * A PGlite client for Drizzle, faster on the costs that dominate a page's query.
 *
 * 1. Parsers: PGlite merges a call's `parsers` option into its whole default table (an entry per
 *    type and per array type) on every call. Drizzle passes one on every call, only to keep
 *    timestamps as text, so the client keeps them as text by default and the option is dropped.
 *
 * 2. Plans: PGlite's `query()` parses and plans every call afresh (an unnamed statement, six
 *    protocol round trips, and the planner reads each table's size from disk). A SELECT's text is
 *    prepared once (`PREPARE`) and each call sends `EXECUTE name('v1', 'v2')`, which reuses the
 *    plan: the home page's events query drops from about 1.0 to 0.5 ms. The values travel as
 *    quoted literals of unknown type, coerced by the statement's parameter types exactly as the
 *    text protocol's parameters are; anything else (a Date, an array, JSON) takes the plain path.
 *    Transactions use their own client and the plain path (their writes are only counted).
 *    PostgreSQL's plan cache replans a statement after a schema change, so migrations need
 *    nothing here.
 *
 * 3. Rows as one JSON text: PGlite's cost grows with every field it hands over (each is copied out
 *    of the wire message on its own), so a page of 24 events with their 18 columns cost 0.7-2 ms
 *    where finding them cost 0.2 ms. A select whose columns all read the same from JSON (numbers,
 *    text, booleans, JSON, dates and timestamps) is prepared a second time as
 *    `select json_agg(row(t.*)) from (<select>) t`, and a call in Drizzle's array mode gets its rows
 *    back from that one text (0.3 ms for the same page). Timestamps come back in PostgreSQL's text
 *    form, as the plain path gives them. Other columns (floats, numerics, binary) keep the plain path.
 *
 * 4. Replanning: PostgreSQL plans a prepared statement afresh for each call's values at first and
 *    keeps doing so when the generic plan's estimate looks dearer, which it always does with a
 *    `limit $1`: in PGlite that planning costs more than running the query (home page events:
 *    2.0 ms per call, 0.6 ms with the generic plan). The session uses generic plans
 *    (`plan_cache_mode`); our statements are lookups by key and index-ordered pages, whose best plan
 *    does not depend on the values.
 */
export function fastPgliteClient(client: PGlite, options: { onWrite?: (text: string, rows: number) => void } = {}): FastPglite {
  const onWrite = options.onWrite ?? (() => undefined);
  /** Tells `onWrite` of a statement that is not a select, with the rows it changed. */
  const noted = <R>(text: string, result: R): R => {
    if (!isSelect(text)) {
      const results = (Array.isArray(result) ? result : [result]) as { affectedRows?: number }[];
      onWrite(
        text,
        results.reduce((n, r) => n + (r.affectedRows ?? 0), 0),
      );
    }
    return result;
  };
  const statements = new Map<string, Promise<Statement | null>>();
  let next = 0;
  for (const oid of TEXT_TYPES) client.parsers[oid] = keepText;
  // Queued before any statement this client sends; a refusal only leaves the default planning.
  client.exec('set plan_cache_mode = force_generic_plan').catch(() => undefined);
  /** The select prepared as one JSON text, when its columns allow (see 3 above). */
  async function asJson(name: string, text: string): Promise<Statement['json']> {
    const { resultFields } = await client.describeQuery(text);
    if (!resultFields.length || !resultFields.every((f) => JSON_SAFE_TYPES.has(f.dataTypeID))) return null;
    await client.exec(`prepare ${name}_json as select coalesce(json_agg(row(t.*)), '[]')::text from (${text}) t`);
    return {
      name: `${name}_json`,
      fields: resultFields.map(({ name: field, dataTypeID }) => ({ name: field, dataTypeID })),
      timestamps: resultFields.flatMap((f, i) => (TIMESTAMP_TYPES.has(f.dataTypeID) ? [i] : [])),
    };
  }

  function statementFor(text: string): Promise<Statement | null> | undefined {
    let statement = statements.get(text);
    if (statement === undefined && statements.size < MAX_STATEMENTS) {
      const name = `sprout_s${++next}`;
      // A text PostgreSQL refuses to prepare keeps the plain path (and its usual error).
      statement = client.exec(`prepare ${name} as ${text}`).then(
        async () => ({ name, json: await asJson(name, text).catch(() => null) }),
        () => null,
      );
      statements.set(text, statement);
    }
    return statement;
  }

  /** A statement's result; with `textRows`, a select's rows in array mode as their one JSON text (3 above). */
  async function run<T>(
    text: string,
    params: unknown[] = [],
    queryOptions: QueryOptions | undefined,
    textRows: boolean,
  ): Promise<Results<T> | JsonRows> {
    const options = withoutTextParsers(queryOptions);
    const values = isSelect(text) ? params.map(literal) : null;
    const prepared = values && !values.includes(undefined) ? statementFor(text) : undefined;
    const statement = prepared && (await prepared);
    if (!statement) return noted(text, await client.query<T>(text, params, options));
    const args = values!.length ? `(${values!.join(', ')})` : '';
    const json = statement.json;
    if (json && options?.rowMode === 'array' && !options.parsers) {
      const [result] = await client.exec(`execute ${json.name}${args}`, { rowMode: 'array' });
      const rows: JsonRows = {
        json: (result!.rows[0] as unknown[])[0] as string,
        fields: json.fields,
        timestamps: json.timestamps,
      };
      return textRows ? rows : rowsFromJson(rows);
    }
    const [result] = await client.exec(`execute ${statement.name}${args}`, options);
    return result as Results<T>;
  }

  const query = <T>(text: string, params?: unknown[], queryOptions?: QueryOptions) =>
    run<T>(text, params, queryOptions, false) as Promise<Results<T>>;

  /**
   * `query`, but a select's rows in array mode come as their one JSON text (`JsonRows`), which
   * crosses to another thread as a single string: the database's thread does not turn it into rows
   * nor copy them one by one (rowsFromJson, on the thread that reads them).
   */
  const queryRows = <T>(text: string, params?: unknown[], queryOptions?: QueryOptions) =>
    run<T>(text, params, queryOptions, true);

  /** Transactions run on PGlite's own client; their writes are noted too. */
  const transaction: PGlite['transaction'] = (callback) =>
    client.transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, property) {
            const value: unknown = Reflect.get(target, property, target);
            if (property === 'query' || property === 'exec')
              return async (text: string, ...rest: unknown[]) =>
                noted(text, await (value as (...args: unknown[]) => Promise<unknown>).call(target, text, ...rest));
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
      ),
    );

  return new Proxy(client as FastPglite, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'queryRows') return queryRows;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A statement that starts as a select: it reads (one statement: `query` sends no more). */
export const isSelect = (text: string): boolean => /^\s*select\s/i.test(text);

/** A select's rows in array mode as one JSON text (`json_agg(row(t.*))`), with what reading it needs. */
export interface JsonRows {
  json: string;
  fields: Results['fields'];
  /** The columns that are timestamps: JSON writes them in ISO form, PGlite's text form differs. */
  timestamps: number[];
}

/** The fast client with `queryRows` (what fastPgliteClient returns). */
export type FastPglite = PGlite & {
  queryRows<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T> | JsonRows>;
};

export const isJsonRows = (value: unknown): value is JsonRows =>
  typeof value === 'object' && value !== null && typeof (value as JsonRows).json === 'string';

/** The rows of a JsonRows, as PGlite gives them in array mode (timestamps in its text form). */
export function rowsFromJson<T>({ json, fields, timestamps }: JsonRows): Results<T> {
  const rows = (JSON.parse(json) as Record<string, unknown>[]).map((row) => {
    const cells = Object.values(row); // f1, f2, ...: the select's columns in order
    for (const i of timestamps) if (typeof cells[i] === 'string') cells[i] = timestampText(cells[i] as string);
    return cells;
  });
  return { rows: rows as Results<T>['rows'], fields, affectedRows: 0 };
}

const textOnly = new WeakSet<object>();

/**
 * `options` without a `parsers` option that only keeps the text types as text (Drizzle's, on every
 * call), which this client does by default; other parsers are kept.
 */
export function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  if (!textOnly.has(parsers)) {
    const same = Object.entries(parsers).every(
      ([oid, parse]) => TEXT_TYPES.includes(Number(oid)) && parse(PROBE, Number(oid)) === PROBE,
    );
    if (!same) return options;
    textOnly.add(parsers);
  }
  return { ...options, parsers: undefined };
}

/** A parameter as a quoted literal (E'' form, so backslashes mean the same whatever the settings). */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'bigint') return `'${value}'`;
  if (typeof value === 'boolean') return value ? `'t'` : `'f'`;
  if (typeof value === 'string' && !value.includes('\0')) return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  return undefined;
}

/**
 * A timestamp as PostgreSQL writes it in text ("2026-01-01 10:00:00+00") from its JSON form
 * ("2026-01-01T10:00:00+00:00"): the same instant, the same string the plain path gives.
 */
function timestampText(value: string): string {
  if (value[10] !== 'T') return value; // infinity
  const end = value.length;
  // "+00:00" is written "+00" in text; an offset with minutes ("+05:30") keeps them.
  const sign = value[end - 6];
  const wholeHours = (sign === '+' || sign === '-') && value.endsWith(':00');
  return `${value.slice(0, 10)} ${value.slice(11, wholeHours ? end - 3 : end)}`;
}
