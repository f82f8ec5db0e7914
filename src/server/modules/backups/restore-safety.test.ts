import {
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR, type Db } from '../../db/client.ts';
import { categories, rolePermissions, roles } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { pngBytes } from '../../test/content-factories.ts';
import { installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { downloadRequest, restoreRequest } from '../../test/backup-requests.ts';
import { encodeRestoreConfirm, RESTORE_CONFIRM_HEADER } from '../../../shared/schemas/backup.ts';
import { snapshotFiles, snapshotTables } from '../../test/school-data.ts';
import { storeImage, uploadsDir } from '../media/media.service.ts';
import { backupsDir, prepareBackup, writeBackupFile } from './backup.service.ts';
import { loadDatabase } from './database-load.ts';
import { finishInterruptedRestore, journalPath, restoreArchive, unpackArchive } from './restore.service.ts';
import { appMigrations, rowsOf } from './schema-history.ts';

const work = mkdtempSync(join(tmpdir(), 'sprout-restore-safety-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let app: FastifyInstance;
let cookie: string;
let good: string;

/** Unpacks an archive, lets `change` edit the folder, packs it again. */
async function altered(name: string, change: (dir: string) => void, prefix?: string): Promise<string> {
  const dir = mkdtempSync(join(work, 'edit-'));
  await extract({ file: good, cwd: dir });
  change(dir);
  const file = join(work, name);
  // The manifest first, as Sprout writes it: the restore reads it before any other entry.
  const entries = readdirSync(dir).sort((a, b) => Number(b === 'manifest.json') - Number(a === 'manifest.json'));
  await createTar({ file, gzip: true, cwd: dir, portable: true, ...(prefix ? { prefix } : {}) }, entries);
  return file;
}

const restore = (payload: Buffer) => restoreRequest(app, cookie, payload);

beforeAll(async () => {
  app = await buildTestApp();
  const { admin } = await installTestSchool(app);
  cookie = await sessionCookie(app, admin);
  await app.db.insert(categories).values({ name: 'Before' });
  await storeImage(app.db, app.dataDir, await pngBytes(), admin);
  good = join(work, 'good.tar.gz');
  await writeBackupFile(app.database.current, app.dataDir, good);
  // Changed after the backup: a refused restore must leave this as it is.
  await app.db.insert(categories).values({ name: 'Made after the backup' });
});
afterAll(() => app?.close());

describe('a damaged or foreign archive', () => {
  it('is refused with a message, and the school is left exactly as it was', async () => {
    const bytes = readFileSync(good);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['cut short', bytes.subarray(0, Math.floor(bytes.length / 2)), /damaged.*ends early or is corrupt/],
      ['not an archive', Buffer.from('<html>not a backup</html>'.repeat(50)), /not a Sprout backup/],
      ['empty', Buffer.alloc(0), /not a Sprout backup/],
      [
        'a table changed after the backup',
        readFileSync(
          await altered('tampered.tar.gz', (dir) => {
            const path = join(dir, 'db/categories.jsonl');
            writeFileSync(path, readFileSync(path, 'utf8').replace('Before', 'Bifore'));
          }),
        ),
        /db\/categories\.jsonl does not match its checksum/,
      ],
      [
        'an image removed',
        readFileSync(
          await altered('no-image.tar.gz', (dir) => {
            const image = readdirSync(join(dir, 'uploads'))[0]!;
            rmSync(join(dir, 'uploads', image));
          }),
        ),
        /uploads\/.* is missing/,
      ],
      [
        'a file the manifest does not list',
        readFileSync(await altered('extra.tar.gz', (dir) => writeFileSync(join(dir, 'uploads/extra.webp'), 'x'))),
        /uploads\/extra\.webp is not in its manifest/,
      ],
      [
        'another program’s tar.gz',
        readFileSync(
          await altered('foreign.tar.gz', (dir) => {
            rmSync(join(dir, 'manifest.json'));
            rmSync(join(dir, 'db'), { recursive: true });
          }),
        ),
        /before its manifest\.json/,
      ],
      [
        'paths that climb out of the folder',
        readFileSync(await altered('climb.tar.gz', () => undefined, '../../outside')),
        /which a backup never does/,
      ],
      [
        'rows that do not fit, with matching checksums',
        readFileSync(
          await altered('unfit.tar.gz', (dir) => {
            const rows =
              '{"id":1,"name":null,"created_at":"2026-01-01T00:00:00+00:00","updated_at":"2026-01-01T00:00:00+00:00"}\n';
            writeFileSync(join(dir, 'db/categories.jsonl'), rows);
            const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
            const table = manifest.tables.find((t: { name: string }) => t.name === 'categories');
            Object.assign(table, {
              rows: 1,
              bytes: Buffer.byteLength(rows),
              sha256: createHash('sha256').update(rows).digest('hex'),
            });
            writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
          }),
        ),
        /data does not fit Sprout's database \(PostgreSQL error 23502\)/,
      ],
      [
        'a newer Sprout’s backup',
        readFileSync(
          await altered('newer.tar.gz', (dir) => {
            const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
            manifest.migrations.push({ tag: '9999_from_the_future', createdAt: 4102444800000, hash: 'x' });
            writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
          }),
        ),
        /newer version of Sprout.*9999_from_the_future/,
      ],
    ];
    const before = await snapshotTables(app.db);
    const filesBefore = snapshotFiles(uploadsDir(app.dataDir));
    for (const [what, payload, message] of cases) {
      const res = await restore(payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().message, what).toMatch(message);
    }
    // Nothing changed but the audit log, which records each refused restore.
    const { audit_log: auditAfter, ...after } = await snapshotTables(app.db);
    const { audit_log: auditBefore, ...unchanged } = before;
    expect(after).toEqual(unchanged);
    const added = auditAfter!.slice(auditBefore!.length).map((e) => JSON.parse(e) as { action: string; details: object });
    expect(added).toHaveLength(cases.length);
    for (const entry of added) expect(entry).toMatchObject({ action: 'backup-refused', details: { operation: 'restore' } });
    expect(snapshotFiles(uploadsDir(app.dataDir))).toEqual(filesBefore);
    expect(existsSync(join(work, 'outside'))).toBe(false);
    expect(readdirSync(app.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
    expect(readdirSync(backupsDir(app.dataDir)).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('asks for the archive itself as the body', async () => {
    const confirm = encodeRestoreConfirm({ currentPassword: TEST_PASSWORD });
    const res = await app.inject({
      method: 'POST',
      url: '/api/backups/restore',
      headers: { cookie, [RESTORE_CONFIRM_HEADER]: confirm },
      payload: {},
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/application\/gzip/);
  });
});

describe('a restore stopped half way (power cut between the database and the uploads)', () => {
  it('is finished at the next start when the database had committed, and forgotten when it had not', async () => {
    const target = await buildTestApp();
    try {
      await installTestSchool(target);
      const original = snapshotFiles(uploadsDir(target.dataDir));
      // Not committed: only the journal and the unpacked archive exist.
      const pending = await unpackArchive(createReadStream(good), target.dataDir);
      writeFileSync(journalPath(target.dataDir), JSON.stringify({ id: 'never-committed', dir: pending.dir }));
      expect(await finishInterruptedRestore(target.db, target.dataDir)).toBe('discarded');
      expect(existsSync(pending.dir)).toBe(false);
      expect(snapshotFiles(uploadsDir(target.dataDir))).toEqual(original);

      // Committed: the database holds the restore's mark; the uploads were not swapped yet.
      const committed = await unpackArchive(createReadStream(good), target.dataDir);
      mkdirSync(join(committed.dir, 'uploads'), { recursive: true });
      writeFileSync(journalPath(target.dataDir), JSON.stringify({ id: 'committed', dir: committed.dir }));
      await loadDatabase(target.db, committed.dir, committed.manifest, 'committed');
      expect(await finishInterruptedRestore(target.db, target.dataDir)).toBe('finished');
      expect(snapshotFiles(uploadsDir(target.dataDir))).toEqual(snapshotFiles(uploadsDir(app.dataDir)));
      expect(existsSync(journalPath(target.dataDir))).toBe(false);
      expect(await finishInterruptedRestore(target.db, target.dataDir)).toBe('none');
    } finally {
      await target.close();
    }
  });
});

describe('an archive from an older Sprout', () => {
  it('is restored at its own schema, then brought forward by the later migrations', async () => {
    // A database as Sprout left it before migration 0004 (site modules), with a custom role.
    const folder = join(work, 'migrations-0003');
    mkdirSync(join(folder, 'meta'), { recursive: true });
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 3);
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries as Array<{ tag: string }>)
      copyFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
    const client = await PGlite.create();
    const old = { db: drizzle(client) as unknown as Db, kind: 'pglite' as const };
    const oldDir = mkdtempSync(join(work, 'old-'));
    const target = await buildTestApp();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
      await old.db.execute(sql`insert into roles (name, display_name) values ('teacher', 'Teacher')`);
      await old.db.execute(
        sql`insert into role_permissions (role_id, module, can_read) select id, 'leads', true from roles where name = 'teacher'`,
      );
      const prepared = await prepareBackup(old, oldDir);
      await prepared.cleanup();
      expect(prepared.manifest.migrations.map((m) => m.tag)).toEqual(
        appMigrations()
          .slice(0, 4)
          .map((m) => m.tag),
      );
      const file = join(work, 'old.tar.gz');
      await writeBackupFile(old, oldDir, file);

      await restoreArchive(target.db, target.dataDir, await unpackArchive(createReadStream(file), target.dataDir), undefined, {
        liveBox: target.secretBox,
        restoredFrom: 'old.tar.gz',
      });
      const [teacher] = await target.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'teacher'));
      const modules = await target.db
        .select({ module: rolePermissions.module })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, teacher!.id));
      expect(modules.map((m) => m.module).sort()).toEqual([
        'blog',
        'events',
        'families',
        'gallery',
        'leads',
        'notices',
        'website',
      ]);
      const history = await rowsOf<{ n: number }>(target.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(history[0]!.n).toBe(appMigrations().length);
    } finally {
      await client.close();
      await target.close();
    }
  }, 60_000);
});

describe('POST /api/backups/archive', () => {
  it('streams a backup made now that restores', async () => {
    const res = await downloadRequest(app, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sprout-backup-\d{8}-\d{6}\.tar\.gz"$/);
    const checked = await unpackArchive(Readable.from(res.rawPayload), app.dataDir);
    await checked.discard();
    expect(checked.manifest.tables.find((t) => t.name === 'categories')!.rows).toBe(2);
  });
});
