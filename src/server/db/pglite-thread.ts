import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { isJsonRows, isSelect, rowsFromJson, withoutTextParsers } from './pglite-fast-client.ts';

/** What the database thread opens: a data dir (made first when `create`), or a database in memory. */
export type ThreadInit = { dataDir: string; create: boolean } | { loadDataDir?: Blob };

export type ThreadRequest =
  | { id: number; op: 'query'; tx?: number; text: string; params?: unknown[]; options?: QueryOptions }
  | { id: number; op: 'exec'; tx?: number; text: string; options?: QueryOptions }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'open'; init: ThreadInit }
  | { id: number; op: 'close' };

/** An answer to request `id`. */
export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };

type Call = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The worker: compiled beside the server's bundle, or its TypeScript source (tests, `npm run dev`). */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker-source.mjs' : './pglite-worker.js',
  import.meta.url,
);

/** An error from the database thread, with PostgreSQL's fields (code, constraint...) as they were. */
function rebuilt(data: Record<string, unknown>): Error {
  const { message, stack, ...fields } = data;
  const error = Object.assign(new Error(String(message)), fields);
  if (typeof stack === 'string') error.stack = stack;
  return error;
}

/**
 * Threads whose database was closed, kept for the next open: the tests open one per test app, and
 * a new thread costs about 0.7 s more (PGlite's JavaScript, from source tsx, and its WebAssembly,
 * which PGlite compiles once per thread). A server ends them: an idle thread keeps its WebAssembly
 * heap, and after an install onto PostgreSQL the built-in database's thread held about 300 MB
 * that nothing would use again.
 */
const idle: Worker[] = [];
const MAX_IDLE = process.env.VITEST ? 2 : 0;
/** Request ids, unique across the threads a worker serves in turn. */
let nextId = 0;

function startWorker(): Worker {
  // The server's own flags (a preloaded module, a profiler) are not the database's.
  const worker = new Worker(WORKER_URL, { execArgv: [] });
  worker.on('exit', () => idle.includes(worker) && idle.splice(idle.indexOf(worker), 1));
  return worker;
}

/**
 * The built-in database on a thread of its own (docs/decisions/0015-built-in-database-thread.md).
 * PGlite runs PostgreSQL in WebAssembly on the thread that calls it; there, every statement was
 * time the HTTP thread could not spend on requests, the public site's included. This client has
 * the part of PGlite's interface that Drizzle and the server use (`query`, `exec`, `transaction`,
 * `dumpDataDir`, `close`) and sends each call to `pglite-worker.ts`, which runs it on PGlite with the
 * fast client and the maintenance, as the server did in its own thread before.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #stopped: Error | null = null;
  #writes = 0;
  readonly #onMessage = (message: ThreadReply) => this.#settle(message);
  readonly #onError = (error: Error) =>
    this.#stop(Object.assign(new Error(`PGlite is closed: its thread failed (${error.message})`), { cause: error }));
  readonly #onExit = (code: number) => this.#stop(new Error(`PGlite is closed: its thread ended (exit code ${code})`));

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', this.#onMessage).on('error', this.#onError).on('exit', this.#onExit);
  }

  /** Opens the database on a thread (one left idle by a closed database, or a new one). */
  static async open(init: ThreadInit): Promise<PgliteThread> {
    const thread = new PgliteThread(idle.pop() ?? startWorker());
    try {
      // A Blob crosses without a copy of its bytes (the tests' template: 42 MB).
      await thread.#call({ op: 'open', init });
    } catch (error) {
      thread.#detach();
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  /** Closes the database; its thread is kept for the next open, or ended. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    let reusable = false;
    try {
      await this.#call({ op: 'close' });
      reusable = true;
    } finally {
      this.#stop(new Error('PGlite is closed'));
      this.#detach();
      if (reusable && idle.length < MAX_IDLE) idle.push(this.#worker);
      else await this.#worker.terminate();
    }
  }

  get closed(): boolean {
    return this.#stopped !== null;
  }

  /**
   * The statements sent so far that may write: every `query` but a `select`, and every `exec`
   * (whose text may hold several statements), in a transaction or not.
   * The built-in database has no writer but this process, so a value read from it stays true until
   * this count moves (sessions.service.ts keeps the signed-in user's row by it).
   */
  get writes(): number {
    return this.#writes;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    if (!isSelect(text)) this.#writes++;
    return this.#call({ op: 'query', tx, text, params, options: wire(options) }).then((value) =>
      isJsonRows(value) ? rowsFromJson<T>(value) : (value as Results<T>),
    );
  }

  exec(text: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    this.#writes++;
    return this.#call({ op: 'exec', tx, text, options: wire(options) }) as Promise<Results[]>;
  }

  /**
   * `callback` in a transaction: committed when it resolves, rolled back when it throws. The
   * thread holds the database for it meanwhile, as PGlite does.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await callback(this.#transactionClient(tx));
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  async dumpDataDir(): Promise<Blob> {
    return (await this.#call({ op: 'dump' })) as Blob;
  }

  /** The statements of transaction `tx` (Drizzle uses `query` and `exec`; it rolls back by throwing). */
  #transactionClient(tx: number): Transaction {
    const client: Pick<Transaction, 'query' | 'exec'> = {
      query: <T>(text: string, params?: unknown[], options?: QueryOptions) => this.query<T>(text, params, options, tx),
      exec: (text: string, options?: QueryOptions) => this.exec(text, options, tx),
    };
    return client as Transaction;
  }

  #call(call: Call): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      // The thread keeps the process alive only while it has work: an idle database never did.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ ...call, id });
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, a symbol).
        this.#settle({ id, ok: false, error: { message: (error as Error).message, name: (error as Error).name } });
      }
    });
  }

  #settle(message: ThreadReply) {
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(rebuilt(message.error));
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const { reject } of this.#pending.values()) reject(this.#stopped);
    this.#pending.clear();
  }

  #detach() {
    this.#worker.off('message', this.#onMessage).off('error', this.#onError).off('exit', this.#onExit);
    this.#worker.unref();
  }
}

/** Options as they can cross to the thread: Drizzle's text-keeping parsers are the thread's default. */
function wire(options: QueryOptions | undefined): QueryOptions | undefined {
  const lean = withoutTextParsers(options);
  if (lean?.parsers) throw new Error('Only parsers that keep values as text can be used with the built-in database');
  return lean;
}

/** The client Drizzle is given (drizzle-orm/pglite uses `query` and `transaction`). */
export type ThreadClient = Pick<PGlite, 'query' | 'exec' | 'transaction'>;
