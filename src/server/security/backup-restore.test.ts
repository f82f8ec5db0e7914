import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { create as createTar, extract, Header, Pax } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, users } from '../db/schema/index.ts';
import { isBackupEntry, unpackChecked } from '../modules/backups/archive-unpack.ts';
import { removeAbandonedWorkFolders, unpackArchive } from '../modules/backups/restore.service.ts';
import { audit } from '../modules/audit/audit.service.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { downloadRequest, restoreRequest } from '../test/backup-requests.ts';
import { createRole, createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../test/factories.ts';
import { signIn } from '../test/sign-in.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

/**
 * Issue 29's holes in backups and restores: a name that hung the server, a tar bomb, a restore
 * that made its sender an administrator and rewrote the audit log, backups for non-administrators.
 */
const work = mkdtempSync(join(tmpdir(), 'sprout-restore-holes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof installTestSchool>>['admin'];
let adminCookie: string;
let good: Buffer;

beforeAll(async () => {
  app = await buildTestApp();
  ({ admin } = await installTestSchool(app));
  adminCookie = await sessionCookie(app, admin);
  await app.db.insert(categories).values({ name: 'Before' });
  const res = await downloadRequest(app, adminCookie);
  expect(res.statusCode, res.body).toBe(200);
  good = res.rawPayload;
}, 60_000);
afterAll(() => app?.close());

/** A .tar.gz written by hand: any entry name (PAX for long ones), any declared content. */
function rawTarGz(entries: Array<{ path: string; body: Buffer; type?: 'File' | 'Directory' }>): Buffer {
  const blocks: Buffer[] = [];
  for (const { path, body, type = 'File' } of entries) {
    if (Buffer.byteLength(path) > 99) blocks.push(new Pax({ path }).encode());
    const header = new Header({ path: path.slice(0, 99), mode: 0o644, size: body.length, type, mtime: new Date(0) });
    header.encode();
    blocks.push(header.block!, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** The good backup, unpacked, changed by `change`, packed again (manifest first). */
async function altered(change: (dir: string) => void): Promise<Buffer> {
  const dir = mkdtempSync(join(work, 'edit-'));
  await new Promise((resolve, reject) =>
    Readable.from(good)
      .pipe(extract({ cwd: dir }))
      .on('finish', resolve)
      .on('error', reject),
  );
  change(dir);
  const file = join(work, `${Date.now()}-${Math.random()}.tar.gz`);
  const entries = readdirSync(dir).sort((a, b) => Number(b === 'manifest.json') - Number(a === 'manifest.json'));
  await createTar({ file, gzip: true, cwd: dir, portable: true }, entries);
  return readFileSync(file);
}

/** Rewrites a part and its size and checksum in the manifest, as the attack run did. */
function forge(dir: string, part: string, text: string) {
  writeFileSync(join(dir, part), text);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const table = manifest.tables.find((t: { file: string }) => t.file === part);
  Object.assign(table, { bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') });
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
}

/** The attack: `username` takes the admin role in db/users.jsonl (and the admin another password hash). */
function promote(dir: string, username: string, adminHash?: string) {
  const rows = readFileSync(join(dir, 'db/users.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { username: string; role_id: number | null; password_hash: string });
  const adminRole = rows.find((r) => r.username === 'admin')!.role_id;
  for (const row of rows) {
    if (row.username === username) row.role_id = adminRole;
    if (row.username === 'admin' && adminHash) row.password_hash = adminHash;
  }
  forge(dir, 'db/users.jsonl', `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
}

describe('an entry name that backtracked exponentially', () => {
  const names = [`uploads/${'a'.repeat(31)}!`, `uploads/${'a'.repeat(292)}!`, `uploads/${'a/'.repeat(150)}!`];

  it('is refused by the name check in under 100 ms', () => {
    for (const name of names) {
      const started = performance.now();
      expect(isBackupEntry(name)).toBe(false);
      expect(performance.now() - started).toBeLessThan(100);
    }
    expect(isBackupEntry('uploads/3f9a0c1e.webp')).toBe(true);
    expect(isBackupEntry('uploads/')).toBe(true);
    expect(isBackupEntry('db/categories.jsonl')).toBe(true);
    expect(isBackupEntry('uploads/../secret.key')).toBe(false);
  });

  it('stops the upload at that entry in under 100 ms, and the restore answers a clear 400', async () => {
    // Warmed up once (the first unpack loads zlib and tar's parser); the old pattern took 9 s on the first name.
    await unpackArchive(Readable.from(rawTarGz([{ path: 'x', body: Buffer.from('x') }])), app.dataDir).catch(() => undefined);
    for (const name of names.slice(0, 2)) {
      const archive = rawTarGz([{ path: name, body: Buffer.from('x') }]);
      const started = performance.now();
      await expect(unpackArchive(Readable.from(archive), app.dataDir)).rejects.toThrow(/which a backup never does/);
      expect(performance.now() - started).toBeLessThan(100);
      const res = await restoreRequest(app, adminCookie, archive);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^This file is not a Sprout backup, or it is damaged \(it holds uploads\/a+/);
    }
  });
});

describe('a tar bomb', () => {
  it('stops at an entry larger than its manifest says, before writing it', async () => {
    const manifest = readManifestOf(good);
    const bomb = Buffer.alloc(64 * 1024 * 1024); // 64 MB of zeros: about 64 KB compressed
    const archive = rawTarGz([
      { path: 'manifest.json', body: Buffer.from(JSON.stringify(manifest)) },
      { path: 'db/categories.jsonl', body: bomb },
    ]);
    expect(archive.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await restoreRequest(app, adminCookie, archive);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/db\/categories\.jsonl is larger than its manifest says/);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(readdirSync(app.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  });

  it('makes no folder for a folder entry: thousands of them write nothing to the disk', async () => {
    const into = mkdtempSync(join(work, 'folders-'));
    const folders = Array.from({ length: 3000 }, (_, i) => ({
      path: `uploads/${i % 97}/${i}/`,
      body: Buffer.alloc(0),
      type: 'Directory' as const,
    }));
    const archive = rawTarGz([...folders, { path: 'manifest.json', body: Buffer.from('{}') }]);
    await unpackChecked(Readable.from(archive), into, () => ({ manifest: {}, sizes: { parts: new Map(), total: 0 } }), {
      maxBytes: 1024,
    });
    expect(readdirSync(into)).toEqual([]);
  });

  it('stops before writing when the disk has not the room the manifest declares', async () => {
    await expect(unpackArchive(Readable.from(good), app.dataDir, { freeBytes: async () => 1024 })).rejects.toThrow(
      /not enough free disk space/,
    );
  });

  it('stops cleanly when the upload is cut in the middle of a file', async () => {
    const manifest = readManifestOf(good) as { tables: Array<{ file: string; bytes: number }> };
    manifest.tables.find((t) => t.file === 'db/categories.jsonl')!.bytes = 400_000;
    const archive = rawTarGz([
      { path: 'manifest.json', body: Buffer.from(JSON.stringify(manifest)) },
      { path: 'db/categories.jsonl', body: randomBytes(400_000) },
    ]);
    const cut = new Readable({
      read() {
        this.push(archive.subarray(0, Math.floor(archive.length / 2)));
        setImmediate(() => this.destroy(new Error('connection reset')));
      },
    });
    await expect(unpackArchive(cut, app.dataDir)).rejects.toThrow();
    expect(readdirSync(app.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  });

  it('leaves no work folder behind a killed restore after the next start', async () => {
    const left = join(app.dataDir, '.restore-killed');
    mkdirSync(join(left, 'uploads'), { recursive: true });
    writeFileSync(join(left, 'uploads', 'big.webp'), 'x');
    expect(await removeAbandonedWorkFolders(app.dataDir)).toEqual(['.restore-killed']);
    expect(existsSync(left)).toBe(false);
  });
});

describe('a forged restore', () => {
  it('by a non-administrator holding settings: delete is refused 403 and recorded', async () => {
    await createRole(app, 'office', { settings: { read: true, write: true, delete: true } });
    const office = await createUser(app, { role: 'office', username: 'office' });
    const cookie = await sessionCookie(app, office);
    const forged = await altered((dir) => promote(dir, 'office'));
    const before = await app.db.select().from(users);
    const res = await restoreRequest(app, cookie, forged, { name: 'forged.tar.gz' });
    expect(res.statusCode).toBe(403);
    expect(await app.db.select().from(users)).toEqual(before);
    const [entry] = await app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'backup-refused',
      userId: office.id,
      details: { operation: 'restore', reason: 'not-admin' },
    });
    // Nor can they download one (the old GET is gone; the POST refuses them).
    const download = await downloadRequest(app, cookie);
    expect(download.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/backups/archive', headers: { cookie } })).statusCode).toBe(404);
    const [refused] = await app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(refused).toMatchObject({ action: 'backup-refused', details: { operation: 'download', reason: 'not-admin' } });
  });

  it('needs the administrator’s password, and a wrong one is recorded', async () => {
    const res = await restoreRequest(app, adminCookie, good, { currentPassword: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ currentPassword: expect.any(String) });
    const [entry] = await app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'backup-refused', userId: admin.id, details: { reason: 'wrong-password' } });
    expect((await downloadRequest(app, adminCookie, { currentPassword: 'not my password' })).statusCode).toBe(400);
  });

  it('by an administrator cannot change who administers the site, nor replace the live audit log', async () => {
    const teacher = await createUser(app, { role: 'user', username: 'teacher' });
    good = (await downloadRequest(app, adminCookie)).rawPayload;
    await audit(app.db, { userId: admin.id, username: 'admin', ip: null }, { action: 'create', title: 'Live entry' });
    const live = await app.db.select().from(auditLog).orderBy(auditLog.id);
    const attackerHash = await hashPassword('attacker-password');
    const forged = await altered((dir) => {
      promote(dir, 'office', attackerHash);
      const auditRows = `{"id":1,"created_at":"2020-01-01T00:00:00+00:00","user_id":null,"username":"nobody","ip":null,"action":"create","entity":null,"entity_id":null,"title":"Forged entry","changes":[],"details":null}\n`;
      forge(dir, 'db/audit_log.jsonl', auditRows);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      manifest.tables.find((t: { name: string }) => t.name === 'audit_log').rows = 1;
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    });
    const res = await restoreRequest(app, adminCookie, forged, { name: 'forged.tar.gz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().adminsDisabled).toEqual(['office']);
    // The administrator signs in with their own password; the promoted account is inactive.
    expect((await signIn(app, 'admin', TEST_PASSWORD)).sid).toBeDefined();
    expect((await signIn(app, 'admin', 'attacker-password')).res.statusCode).toBe(401);
    const [office] = await app.db.select().from(users).where(eq(users.username, 'office'));
    expect(office!.status).toBe('inactive');
    expect((await app.db.select().from(users).where(eq(users.id, teacher.id))).length).toBe(1);
    // Every live entry kept as it was; the file's entry added after them, marked; then the restore.
    const entries = await app.db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries.slice(0, live.length)).toEqual(live);
    const forgedEntry = entries.find((e) => e.title === 'Forged entry')!;
    expect(forgedEntry.id).toBeGreaterThan(live.at(-1)!.id);
    expect(forgedEntry.details).toEqual({ restoredFrom: 'forged.tar.gz' });
    const restored = entries.find((e) => e.action === 'backup-restore')!;
    expect(restored).toMatchObject({ userId: admin.id, details: { file: 'forged.tar.gz', bytes: forged.length } });
    expect(restored.id).toBeGreaterThan(forgedEntry.id);
    expect(restored.title).toMatch(
      /^restored from backup forged\.tar\.gz \(made on \d{4}-\d\d-\d\d \d\d:\d\d UTC by Sprout \S+\)$/,
    );
  }, 60_000);
});

function readManifestOf(archive: Buffer): Record<string, unknown> & { tables: unknown[] } {
  const dir = mkdtempSync(join(work, 'manifest-'));
  const tarPath = join(dir, 'a.tar.gz');
  writeFileSync(tarPath, archive);
  const out = join(dir, 'out');
  mkdirSync(out);
  // Synchronous extract of the manifest alone.
  extractSync(tarPath, out);
  return JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Record<string, unknown> & { tables: unknown[] };
}

function extractSync(file: string, cwd: string) {
  extract({ file, cwd, sync: true, filter: (p) => p === 'manifest.json' });
}
