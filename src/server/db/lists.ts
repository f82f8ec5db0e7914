import { sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../shared/schemas/list-query.ts';

/**
 * `vector @@ query` for the words of a search, each a word prefix, all required (DESIGN §10,
 * docs/decisions/0006); undefined when `q` holds no word. `vector` is one of the search
 * expressions of schema/content.ts, whose GIN index answers it.
 */
export function matchesSearch(vector: SQL, q: string | undefined): SQL | undefined {
  const words = searchWords(q);
  if (!words) return undefined;
  // searchWords keeps letters, marks and digits only: nothing that to_tsquery reads as syntax.
  return sql`${vector} @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
}

/** `count(*)` as a number (the rows a filtered list matches). */
export const countRows = () => sql<number>`count(*)`.mapWith(Number);
