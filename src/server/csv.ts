import type { FastifyReply } from 'fastify';
import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifyNow } from 'csv-stringify/sync';

/**
 * A formula start (= + - @, tab, carriage return) at the start of the text or after a separator a
 * spreadsheet may split on (`;=1+1` opens as two cells in a semicolon locale). OWASP's CSV injection
 * advice; spaces before the sign count, as spreadsheets skip them.
 */
const FORMULA = /(?:^|[,;|\t\r\n])[ \u00a0]*[=+\-@\t\r]/;

/** A cell a spreadsheet would run as a formula is kept as text (CSV injection): `'` before it. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  return FORMULA.test(value) ? `'${value}` : value;
}

/**
 * Every export's options: the byte-order mark (Excel reads UTF-8 only with it), a header row, every
 * cell quoted, and every text cell through `csvCell`, so a route cannot forget one.
 */
const options = (columns: readonly string[]): Options => ({
  bom: true,
  header: true,
  columns: [...columns],
  quoted: true,
  quoted_empty: true,
  cast: { string: (value) => csvCell(value) },
});

type Cell = string | number | boolean | null | undefined;

/** A CSV written row by row (`write([...])`), for exports too long to hold in memory. */
export const csvStream = (columns: readonly string[]): Stringifier => stringify(options(columns));

/** A whole CSV at once. */
export const csvText = (columns: readonly string[], rows: readonly Cell[][]): string =>
  stringifyNow(rows as Cell[][], options(columns));

/** Sends a CSV as a download named `<name>-<today>.csv`, never cached. */
export const sendCsv = (reply: FastifyReply, name: string, body: string | Stringifier) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
