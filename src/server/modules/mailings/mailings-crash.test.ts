import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../db/client.ts';
import { mailings } from '../../db/schema/index.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { createTestDatabase, testDriver } from '../../test/test-database.ts';

/**
 * Issue 33: a mailing survives a kill -9 of the server and several instances without repeating
 * itself. The server runs as child processes (as `npm start` would) on a real database, sending to
 * a real SMTP sink; the sink's deliveries are what is judged.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');
const CONNECTIONS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

interface Child {
  process: ChildProcess;
  exited: Promise<void>;
}

async function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/mailing-child.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      SPROUT_MAILING_RATE: '60000',
      SPROUT_MAILING_CONNECTIONS: String(CONNECTIONS),
      SPROUT_MAILING_LEASE_MS: '1500',
      SPROUT_MAILING_SWEEP_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let output = '';
  await new Promise<void>((ready, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 40 s:\n${output}`)), 40_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (/ready \d+/.test(output)) {
        clearTimeout(timer);
        ready();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) during start:\n${output}`));
    });
  });
  return { process: child, exited };
}

const stop = async (child: Child | undefined, signal: NodeJS.Signals) => {
  if (child && child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
  await child?.exited;
};

/** A mailing of `n` recipients (`tag-1@…`), stored as startMailing stores one. */
async function seedMailing(db: DbHandle['db'], tag: string, n: number) {
  const [mailing] = await db
    .insert(mailings)
    .values({
      kind: 'notice',
      sourceKey: `notice:${tag}`,
      subject: `Closed today (${tag})`,
      html: '<p>The school is closed today.</p>',
      text: 'The school is closed today.',
      operational: true,
      audienceLabel: 'Families',
      siteOrigin: 'https://school.test',
    })
    .returning({ id: mailings.id });
  await db.execute(sql`
    insert into mailing_recipients (mailing_id, email)
    select ${mailing!.id}::int, ${`${tag}-`} || g || '@families.test' from generate_series(1, ${n}::int) g`);
  return mailing!.id;
}

/** Deliveries of one mailing, by recipient: the Message-IDs each received. */
function deliveries(tag: string) {
  const byRecipient = new Map<string, string[]>();
  for (const m of smtp.received) {
    const to = m.to[0]!;
    if (!to.startsWith(`${tag}-`)) continue;
    const id = /^Message-ID: (.+)$/im.exec(m.raw)?.[1]?.trim() ?? '';
    byRecipient.set(to, [...(byRecipient.get(to) ?? []), id]);
  }
  return byRecipient;
}

async function sentRows(db: DbHandle['db'], mailingId: number) {
  const result = (await db.execute(sql`
    select state, count(*)::int as n from mailing_recipients where mailing_id = ${mailingId} group by state`)) as unknown as {
    rows: { state: string; n: number }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.state, r.n]));
}

describe('a mailing of 500 killed with SIGKILL halfway and started again', () => {
  it('reaches every recipient, each with one Message-ID, and repeats at most what the pool had in flight', async () => {
    const tag = `crash${testDriver()}`;
    const N = 500;
    const scratch = mkdtempSync(join(tmpdir(), 'sprout-mailing-'));
    let handle: DbHandle | undefined;
    let child: Child | undefined;
    try {
      // The built-in database: a folder only one process opens at a time (seeded, closed, then the app's).
      handle =
        testDriver() === 'pg' ? await createTestDatabase() : await openDb({ kind: 'pglite', dataDir: join(scratch, 'db') });
      if (testDriver() === 'pglite') await handle.migrate();
      const id = await seedMailing(handle.db, tag, N);
      const env = { DATA_DIR: scratch, DATABASE_URL: handle.url ?? '' };
      if (testDriver() === 'pglite') await handle.close();

      // Each 250 comes 20 ms after the message is in: a kill in between leaves copies the server has
      // and the app has not recorded (the only ones that may go twice).
      smtp.state.answerDelayMs = 20;
      child = await startChild(env);
      const deadline = Date.now() + 30_000;
      while (deliveries(tag).size < N / 2 && Date.now() < deadline) await sleep(5);
      await stop(child, 'SIGKILL');
      const atKill = deliveries(tag).size;
      expect(atKill).toBeGreaterThanOrEqual(N / 2);
      expect(atKill).toBeLessThan(N);

      child = await startChild(env);
      while (deliveries(tag).size < N && Date.now() < deadline + 20_000) await sleep(20);
      await sleep(300); // time for a mistake to show
      await stop(child, 'SIGTERM');
      smtp.state.answerDelayMs = 0;

      const got = deliveries(tag);
      expect(got.size).toBe(N);
      const twice = [...got.values()].filter((ids) => ids.length > 1);
      for (const [to, ids] of got) expect(new Set(ids).size, `${to}: one Message-ID`).toBe(1);
      expect(twice.length, 'copies sent again (only those the server had and the app had not yet recorded)').toBeLessThanOrEqual(
        CONNECTIONS,
      );
      expect([...got.values()].flat().every((mid) => new RegExp(`^<mailing-${id}-\\d+@school\\.test>$`).test(mid))).toBe(true);

      if (testDriver() === 'pglite') handle = await openDb({ kind: 'pglite', dataDir: join(scratch, 'db') });
      expect(await sentRows(handle.db, id)).toEqual({ sent: N });
      const [row] = await handle.db
        .select({ state: mailings.state })
        .from(mailings)
        .where(sql`${mailings.id} = ${id}`);
      expect(row?.state).toBe('done');
    } finally {
      await stop(child, 'SIGKILL');
      await handle?.close().catch(() => {});
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.runIf(testDriver() === 'pg')('two instances on one PostgreSQL database sending one mailing', () => {
  it('send each recipient exactly one copy', async () => {
    const tag = 'pair';
    const N = 300;
    const handle = await createTestDatabase();
    const scratch = [mkdtempSync(join(tmpdir(), 'sprout-mailing-')), mkdtempSync(join(tmpdir(), 'sprout-mailing-'))];
    let children: Child[] = [];
    try {
      // A slower rate so the sending takes a while: both instances claim in turn.
      const id = await seedMailing(handle.db, tag, N);
      children = await Promise.all(
        scratch.map((dir) => startChild({ DATA_DIR: dir, DATABASE_URL: handle.url!, SPROUT_MAILING_RATE: '12000' })),
      );
      const deadline = Date.now() + 40_000;
      while ((await sentRows(handle.db, id)).sent !== N && Date.now() < deadline) await sleep(50);
      await sleep(500);
      const got = deliveries(tag);
      expect(got.size).toBe(N);
      expect([...got.values()].filter((ids) => ids.length > 1)).toEqual([]);
      expect(await sentRows(handle.db, id)).toEqual({ sent: N });
    } finally {
      await Promise.all(children.map((c) => stop(c, 'SIGTERM')));
      await handle.close();
      for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
