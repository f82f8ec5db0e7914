import { setImmediate } from 'node:timers/promises';
import { sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { searchWords } from '../../shared/schemas/list-query.ts';

/**
 * The words of a search as a `to_tsquery('simple', ...)` text, each a word prefix, all required
 * (DESIGN §10, docs/decisions/0006); undefined when `q` holds no word. searchWords keeps letters,
 * marks and digits only: nothing that to_tsquery reads as syntax.
 */
export function searchQuery(q: string | undefined): string | undefined {
  return searchWords(q)
    ?.map((w) => `${w}:*`)
    .join(' & ');
}

/**
 * `vector @@ query` for `query` (a searchQuery text, or a placeholder for one). `vector` is one of
 * the search expressions of schema/content.ts, whose GIN index answers it.
 */
export const matchesQuery = (vector: SQL, query: string | Placeholder): SQL => sql`${vector} @@ to_tsquery('simple', ${query})`;

/** `vector @@ query` for the words of a search; undefined when `q` holds no word. */
export function matchesSearch(vector: SQL, q: string | undefined): SQL | undefined {
  const query = searchQuery(q);
  return query === undefined ? undefined : matchesQuery(vector, query);
}

/**
 * One term of a list's order: an expression and its direction. A list's order ends with a unique
 * column (the id), so that it can be turned round exactly (see pageFromNearerEnd).
 */
export type OrderTerm = readonly [SQL | Column, 'asc' | 'desc'];

/**
 * The ORDER BY of `terms`, or of their exact reverse. PostgreSQL sorts nulls last ascending and
 * first descending, so flipping the direction flips where the nulls go too.
 */
export const orderSql = (terms: readonly OrderTerm[], reversed = false): SQL[] =>
  terms.map(([expr, direction]) => ((direction === 'desc') !== reversed ? sql`${expr} desc` : sql`${expr} asc`));

/**
 * The rows [offset, offset + limit) of a list of `total` rows, read from the nearer end of its
 * order: OFFSET walks every row it skips, so a page past the middle is read in the reverse order
 * and turned round (the last page of 5,000 posts walked 4,980 rows and their joins, ~5 ms of the
 * built-in database's time; from the end it walks none). `read(limit, offset, reversed)` reads a
 * page of the order, or of its reverse. Without a `total`, the page is read forwards.
 */
export async function pageFromNearerEnd<Row>(
  total: number | undefined,
  limit: number,
  offset: number,
  read: (limit: number, offset: number, reversed: boolean) => Promise<Row[]>,
): Promise<Row[]> {
  if (total === undefined) return read(limit, offset, false);
  if (offset >= total) return [];
  const after = total - offset - limit; // rows after the page
  if (after >= offset) return read(limit, offset, false);
  return (await read(Math.min(limit, total - offset), Math.max(0, after), true)).reverse();
}

/**
 * `limit` rows of `table` that `where` matches, in `order`, after `offset` (numbers, or
 * placeholders for a prepared statement's values; an offset of 0 is the first page). The first
 * page is one query (`rows`); deeper, the skipped rows are walked for their ids alone (an
 * index-only scan where the order's index holds the id, and never the row's joins), and the page's
 * rows read by those ids: walking 2,500 posts with their joins cost ~3 ms on PGlite. It is one
 * statement, `id = any(array(select id ... offset))`: PostgreSQL runs the subquery once and reads
 * the page by primary key (0.8 ms for 24 events after 177, against 1.1 ms as two statements, whose
 * second trip to the database thread cost more again). Joined to the ids as a derived table
 * instead, the generic plan hashed the whole table. Answers `rows`' query, not yet run.
 */
export function pageByIds<Query>(
  db: Db,
  table: PgTable & { id: PgColumn },
  page: { where: SQL | undefined; order: SQL[]; limit: number | Placeholder; offset: number | Placeholder },
  rows: (where: SQL | undefined) => Query,
): Query {
  if (page.offset === 0) return rows(page.where);
  const ids = db
    .select({ id: table.id })
    .from(table)
    .where(page.where)
    .orderBy(...page.order)
    .limit(page.limit)
    .offset(page.offset);
  return rows(sql`${table.id} = any(array${ids})`);
}

/** `count(*)` as a number (the rows a filtered list matches). */
export const countRows = () => sql<number>`count(*)`.mapWith(Number);

/**
 * Every row of a long read (the sitemap's thousands of addresses), `size` rows a query by id with a
 * turn of the event loop between: the built-in database runs one statement at a time (5,000 rows
 * in one query held it for 35-100 ms, 1,000 for up to 45 ms on a busy machine, while every other
 * request's statements waited), and the rows are read on the HTTP thread.
 */
export async function readInChunks<Row extends { id: number }>(
  page: (afterId: number, size: number) => Promise<Row[]>,
  size = 250,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let afterId = 0; ;) {
    const chunk = await page(afterId, size);
    rows.push(...chunk);
    if (chunk.length < size) return rows;
    afterId = chunk[chunk.length - 1]!.id;
    await setImmediate();
  }
}

/** Keeps a value under `key` until the next content write: `load` runs again only after one. */
export type KeepUntilWrite = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** Runs `load` every time: where nothing counts the writes. */
export const keepNothing: KeepUntilWrite = (_key, load) => load();

/**
 * A KeepUntilWrite whose `writes()` counts the content writes (the page cache's generation, which
 * every content write moves on; undefined keeps nothing). For the list counters: each counts every
 * row of its table (5,000 posts), the busiest part of a list request on the built-in database,
 * which runs one statement at a time for the whole site (DESIGN §10); and a search's count of matches, which every page
 * of the same search asks again. A value read while a write lands is kept under
 * the count from before the write, so it is never used after it.
 */
const KEPT_LIMIT = 500;

export function keptUntilWrite(writes: () => number | undefined): KeepUntilWrite {
  const kept = new Map<string, { generation: number; value: Promise<unknown> }>();
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const generation = writes();
    if (generation === undefined) return load();
    const hit = kept.get(key);
    if (hit?.generation === generation) return hit.value as Promise<T>;
    // A real promise: a query builder is a thenable that runs its query again on every `then`.
    const value = Promise.resolve(load());
    // Searches are keys too (their matches' count): a bound, not one entry per word ever typed.
    if (kept.size >= KEPT_LIMIT) kept.clear();
    kept.set(key, { generation, value });
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
