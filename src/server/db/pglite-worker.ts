// The built-in database's own thread (docs/decisions/0015-built-in-database-thread.md): PGlite,
// its fast client and its maintenance run here, and the HTTP thread sends each statement over
// (pglite-thread.ts). A thread has one database open at a time; closed, it can open the next.
// Nothing here is imported by the rest of the server.
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { extract } from 'tar';
import { fastPgliteClient, type FastPglite } from './pglite-fast-client.ts';
import { PgliteMaintenance } from './pglite-maintenance.ts';
import type { ThreadInit, ThreadReply, ThreadRequest } from './pglite-thread.ts';

const port = parentPort!;

/** A refusal from the HTTP thread's transaction callback: rolls the transaction back. */
const ROLLBACK = Symbol('rollback');

/** An error as plain data: its message, name and PostgreSQL's fields (code, detail, constraint...). */
function errorData(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, message: error.message, name: error.name, stack: error.stack };
}

const reply = (message: ThreadReply) => port.postMessage(message);

/**
 * PostgreSQL's memory inside the WebAssembly heap, which grows and never shrinks. The default 128 MB
 * of shared buffers is resident from the first query (an open database: 296 MB of RSS, 164 MB with
 * 16 MB). A school's whole database is a few tens of MB, and a block PostgreSQL does not keep is
 * read back from the operating system's file cache (issue 29: the server's peak <= 500 MB).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
const OPTIONS: PGliteOptions = { startParams: START_PARAMS };

/**
 * A new data dir from the empty database `npm run build` made (scripts/lib/pglite-template.mjs):
 * initdb in PGlite holds three WebAssembly heaps at once (860 MB at its peak), the template only
 * its files. The compiled worker has it beside itself; from source (`npm run install:school`, `npm
 * run dev`) the default build's is used when it is newer than the PGlite it was made with.
 */
function template(): string | null {
  const beside = fileURLToPath(new URL('./pglite-template.tgz', import.meta.url));
  if (existsSync(beside) || !import.meta.url.endsWith('.ts')) return existsSync(beside) ? beside : null;
  const root = new URL('../../../', import.meta.url);
  const built = fileURLToPath(new URL(`${process.env.SPROUT_DIST_DIR ?? 'dist'}/server/pglite-template.tgz`, root));
  const pglite = fileURLToPath(new URL('node_modules/@electric-sql/pglite/package.json', root));
  return existsSync(built) && existsSync(pglite) && statSync(built).mtimeMs >= statSync(pglite).mtimeMs ? built : null;
}

/**
 * A new database is made in a staging folder and renamed into place when complete, so a process
 * stopped during the first start (initdb takes seconds) never leaves a half-made database behind.
 */
async function createDataDir(dataDir: string) {
  const staging = `${dataDir}.creating`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  const file = template();
  if (file) {
    await extract({ file, cwd: staging });
  } else {
    const fresh = await PGlite.create(staging, { ...OPTIONS, initDbStartParams: ['-c', 'shared_buffers=16MB'] });
    await fresh.close();
  }
  rmSync(dataDir, { recursive: true, force: true }); // only ever a leftover without PG_VERSION
  renameSync(staging, dataDir);
}

function create(init: ThreadInit): Promise<PGlite> {
  if ('dataDir' in init) return PGlite.create(init.dataDir, OPTIONS);
  return PGlite.create(init.loadDataDir ? { ...OPTIONS, loadDataDir: init.loadDataDir } : OPTIONS);
}

/** The database this thread has open: PGlite itself, its maintenance and the fast client on it. */
let database: { raw: PGlite; maintenance: PgliteMaintenance; client: FastPglite } | null = null;

async function open(init: ThreadInit) {
  if (database) throw new Error('This thread already has a database open');
  if ('dataDir' in init && init.create) await createDataDir(init.dataDir);
  const raw = await create(init);
  const maintenance = new PgliteMaintenance(raw);
  database = { raw, maintenance, client: fastPgliteClient(raw, { onWrite: (text, rows) => maintenance.noteWrite(text, rows) }) };
}

/** Closes the database; the thread stays, for the next one the process opens. */
async function close() {
  if (!database) return;
  const { raw, maintenance } = database;
  database = null;
  // A transaction still open is rolled back, so that PGlite can close.
  for (const open of transactions.values()) open.end(false);
  transactions.clear();
  await maintenance.close();
  if (!raw.closed) await raw.close();
}

function opened() {
  if (!database) throw new Error('PGlite is closed');
  return database;
}

/** Open transactions by id: the transaction, and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
let nextTransaction = 0;

/** Starts a transaction and answers with its id once PGlite has begun it (it waits for other work). */
function begin(id: number) {
  const txId = ++nextTransaction;
  let entered = false;
  const done = opened().client.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        entered = true;
        transactions.set(txId, { tx, end: (commit) => (commit ? resolve(undefined) : reject(ROLLBACK)), done });
        reply({ id, ok: true, value: txId });
      }),
  );
  done.catch((error: unknown) => {
    if (!entered) reply({ id, ok: false, error: errorData(error) });
  });
}

async function end(txId: number, commit: boolean) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  transactions.delete(txId);
  open.end(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

/** The client a statement runs on: its transaction's, or the fast client's. */
function on(txId: number | undefined): Pick<PGlite, 'query' | 'exec'> {
  if (txId === undefined) return opened().client;
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  return open.tx;
}

async function handle(request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      // Outside a transaction a select's rows cross as their one JSON text (fastPgliteClient).
      const client = request.tx === undefined ? opened().client : null;
      const value = client
        ? await client.queryRows(request.text, request.params, request.options)
        : await on(request.tx).query(request.text, request.params, request.options);
      return reply({ id: request.id, ok: true, value });
    }
    case 'exec':
      return reply({ id: request.id, ok: true, value: await on(request.tx).exec(request.text, request.options) });
    case 'begin':
      return begin(request.id);
    case 'end':
      await end(request.tx, request.commit);
      return reply({ id: request.id, ok: true, value: null });
    case 'dump':
      // A Blob crosses without a copy of its bytes.
      return reply({ id: request.id, ok: true, value: await opened().raw.dumpDataDir('none') });
    case 'open':
      await open(request.init);
      return reply({ id: request.id, ok: true, value: null });
    case 'close':
      await close();
      return reply({ id: request.id, ok: true, value: null });
  }
}

port.on('message', (request: ThreadRequest) => {
  handle(request).catch((error: unknown) => reply({ id: request.id, ok: false, error: errorData(error) }));
});
