import { z } from 'zod';

/**
 * The one list pattern of the back office (DESIGN §10): every staff list is paged, sorted, filtered
 * and searched in the database. Its query string is `limit`, `offset`, `sort`, `q` and the
 * resource's filters; its answer is a `ListPage`. The route parses the query with the resource's
 * schema, and the screen builds its request (and its query key) from the same type.
 */

/** The most rows one list request answers; a larger `limit` is capped to it. */
export const MAX_LIST_LIMIT = 100;
/** The deepest offset a list accepts (beyond ten years of content). */
export const MAX_LIST_OFFSET = 1_000_000;
/** Search text longer than this is refused. */
export const MAX_SEARCH_LENGTH = 100;

/** One page of a list: `data` holds the rows (§7 names it), `total` counts every row the filters match. */
export interface ListPage<Row, Counts> {
  data: Row[];
  total: number;
  limit: number;
  offset: number;
  /** The screen's counters, over the whole list (not the filtered part), from one count query. */
  counts: Counts;
}

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number.` })
    .int(`${name} must be a whole number.`)
    .min(min, `${name} must be at least ${min}.`)
    .max(max, `${name} may be at most ${max}.`);

/** An optional filter: absent or '' means "all". */
export const optionalFilter = <const T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, `${name} must be one of: ${values.join(', ')}.`).optional());

/**
 * The query schema of one resource's list: paging (`limit` from 1, capped at MAX_LIST_LIMIT;
 * `offset` from 0), `sort` (the first of `sorts` by default), `q` (search words; '' is none) and
 * the resource's own filters. Bad values are a 400 naming the parameter.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(options: {
  defaultLimit: number;
  sorts: S;
  filters: F;
}) {
  return z.object({
    limit: z.preprocess(
      (v) => (v === undefined || v === '' ? options.defaultLimit : v),
      whole('limit', 1, Number.MAX_SAFE_INTEGER).transform((n) => Math.min(n, MAX_LIST_LIMIT)),
    ),
    offset: z.preprocess((v) => (v === undefined || v === '' ? 0 : v), whole('offset', 0, MAX_LIST_OFFSET)),
    sort: z.preprocess(
      (v) => (v === undefined || v === '' ? options.sorts[0] : v),
      z.enum(options.sorts, `sort must be one of: ${options.sorts.join(', ')}.`),
    ),
    q: z
      .string('q must be text.')
      .trim()
      .max(MAX_SEARCH_LENGTH, `Search for at most ${MAX_SEARCH_LENGTH} characters.`)
      .optional()
      .transform((v) => v || undefined),
    ...options.filters,
  });
}

/**
 * The words of a search as the database's full-text search reads them: letters and digits in any
 * script, each matched as the start of a word ("spor" finds "Sports Day"), every word required.
 * Null when the text holds no word. Only these characters ever reach to_tsquery.
 */
export function searchWords(q: string | undefined): string[] | null {
  if (!q) return null;
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words : null;
}

/** A list query as a URL query string, leaving out what is empty or the default. */
export function listSearchParams(query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'offset' && value === 0) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
