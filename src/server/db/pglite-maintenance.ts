import type { PGlite } from '@electric-sql/pglite';

/** A table is vacuumed and analysed once this many rows plus a tenth of its size have changed (autovacuum's defaults). */
const BASE_CHANGES = 50;
const SCALE = 0.1;
/** Writes come in bursts (an import, a sample install): the work waits until the burst is over. */
const SETTLE_MS = 2_000;
/** Tables never analysed (a database from before this existed, or a fresh one) are done soon after start. */
const START_DELAY_MS = 10_000;

const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:public"?\."?)?([a-z_][a-z0-9_]*)"?/i;

/**
 * PGlite runs no autovacuum, so on its own the planner's statistics stay those of the day the
 * table was created: a prepared lookup planned on five posts keeps scanning every row after five
 * thousand (a post page went from 0.6 to 3.4 ms), and deleted or updated rows are never reclaimed.
 * This does autovacuum's job for the built-in database: it counts the rows written per table (as
 * the client reports them), and once a table has changed by 50 rows plus a tenth of its size it runs
 * `VACUUM (ANALYZE)` on it, after the writes settle. PostgreSQL's plan cache replans the prepared
 * statements that read an analysed table. A real PostgreSQL server has its own autovacuum.
 */
export class PgliteMaintenance {
  readonly #client: PGlite;
  readonly #settleMs: number;
  /** Rows written per table since its last vacuum. */
  readonly #changes = new Map<string, number>();
  /** Rows per table at its last vacuum (PostgreSQL's estimate); -1 when never analysed. */
  #rows = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  #timerAt = 0;
  #running: Promise<string[]> | null = null;
  #closed = false;

  constructor(client: PGlite, options: { settleMs?: number; startDelayMs?: number } = {}) {
    this.#client = client;
    this.#settleMs = options.settleMs ?? SETTLE_MS;
    this.#schedule(options.startDelayMs ?? START_DELAY_MS);
  }

  /** Tells of a write the application made: its rows count towards the table's next vacuum. */
  noteWrite(text: string, rows: number): void {
    const table = WRITE.exec(text)?.[1]?.toLowerCase();
    if (!table || rows <= 0) return;
    const changes = (this.#changes.get(table) ?? 0) + rows;
    this.#changes.set(table, changes);
    if (changes >= this.#threshold(table)) this.#schedule(this.#settleMs);
  }

  /** Vacuums and analyses every table that is due now; resolves with their names. */
  run(): Promise<string[]> {
    this.#running ??= this.#work().finally(() => (this.#running = null));
    return this.#running;
  }

  /** Stops the timer and waits for a run in progress; the client stays open. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  #threshold(table: string): number {
    return BASE_CHANGES + SCALE * Math.max(0, this.#rows.get(table) ?? 0);
  }

  /** Runs after `delayMs`, or sooner when a run is already set for sooner. */
  #schedule(delayMs: number) {
    if (this.#closed) return;
    const at = Date.now() + delayMs;
    if (this.#timer) {
      if (this.#timerAt <= at) return;
      clearTimeout(this.#timer);
    }
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      // A failure (the database closing under it) only means the next write tries again.
      this.run().catch(() => undefined);
    }, delayMs);
    this.#timer.unref();
  }

  async #work(): Promise<string[]> {
    const sizes = await this.#client.query<{ name: string; rows: number }>(
      `select relname as name, reltuples::float8 as rows from pg_class
       where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    this.#rows = new Map(sizes.rows.map((r) => [r.name, r.rows]));
    const due = sizes.rows
      .filter((r) => r.rows < 0 || (this.#changes.get(r.name) ?? 0) >= this.#threshold(r.name))
      .map((r) => r.name);
    for (const table of due) {
      if (this.#closed) break;
      this.#changes.delete(table);
      await this.#client.exec(`vacuum (analyze) "${table.replaceAll('"', '""')}"`);
    }
    if (due.length) {
      const after = await this.#client.query<{ name: string; rows: number }>(
        `select relname as name, reltuples::float8 as rows from pg_class where relname = any($1)`,
        [due],
      );
      for (const r of after.rows) this.#rows.set(r.name, r.rows);
    }
    return due;
  }
}
