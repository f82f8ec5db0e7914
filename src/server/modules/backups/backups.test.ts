import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { restoreRequest } from '../../test/backup-requests.ts';
import {
  auditLog,
  categories,
  children,
  eventSeries,
  families,
  familyContacts,
  galleries,
  galleryPhotoChildren,
  newsletterSubscribers,
  posts,
  postVersions,
  schoolDates,
} from '../../db/schema/index.ts';
import { audit } from '../audit/audit.service.ts';
import { syncSeries } from '../events/series.service.ts';
import { seedSchool, snapshotFiles, snapshotTables } from '../../test/school-data.ts';
import { adminQuery, testDriver, withDatabase } from '../../test/test-database.ts';
import { uploadsDir } from '../media/media.service.ts';
import { writeBackupFile } from './backup.service.ts';
import { restoreArchive, unpackArchive } from './restore.service.ts';
import { SecretBox } from '../two-factor/secret-box.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { readBackupSummary, summaryOf } from '../../../client/features/backups/api/read-backup-summary.ts';
import { summary as cliSummary } from './backups.cli.ts';

const work = mkdtempSync(join(tmpdir(), 'sprout-backups-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** The school backed up at the start: its archive, its rows and its files. */
let source: FastifyInstance;
let archive: string;
let rows: Record<string, string[]>;
let files: Record<string, string>;
let staff: { username: string; password: string }[];

beforeAll(async () => {
  source = await buildTestApp();
  const { admin } = await installTestSchool(source);
  ({ staff } = await seedSchool(source.db, source.dataDir, admin.id));
  staff.push({ username: 'admin', password: admin.password });
  await audit(source.db, { userId: admin.id, username: 'admin', ip: null }, { action: 'create', title: 'In the backup' });
  await seedFamilies(source);
  await seedSchoolYear(source);
  rows = await snapshotTables(source.db);
  files = snapshotFiles(uploadsDir(source.dataDir));
  archive = join(work, 'school.tar.gz');
  await writeBackupFile(source.database.current, source.dataDir, archive);
}, 120_000);
afterAll(() => source?.close());

/** Two families, three children, two of them tagged in a gallery's photos (issue 32), and a newsletter subscriber. */
async function seedFamilies(app: FastifyInstance) {
  const made = await app.db
    .insert(families)
    .values([{ name: 'Okafor' }, { name: 'Lindqvist' }])
    .returning({ id: families.id });
  const [a, b] = made.map((f) => f.id) as [number, number];
  await app.db.insert(familyContacts).values([
    { familyId: a, name: 'Ada Okafor', email: 'ada@okafor.test', isPrimary: true },
    { familyId: b, name: 'Lars Lindqvist', phone: '+44 20 7946 0001' },
  ]);
  const kids = await app.db
    .insert(children)
    .values([
      { familyId: a, firstName: 'Chidi', birthDate: '2022-01-02', programme: 'nursery' },
      { familyId: a, firstName: 'Ngozi', birthDate: '2023-05-06', programme: 'nursery' },
      { familyId: b, firstName: 'Elsa', birthDate: '2021-09-10', programme: 'nursery', leavingDate: '2026-07-31' },
    ])
    .returning({ id: children.id });
  // And a newsletter subscriber (issue 33).
  await app.db.insert(newsletterSubscribers).values({
    email: 'ada@okafor.test',
    topics: ['news'],
    state: 'confirmed',
    source: 'footer',
    consentAt: new Date(),
    consentSource: 'footer',
  });
  const [gallery] = await app.db.select({ id: galleries.id, images: galleries.images }).from(galleries).limit(1);
  await app.db
    .insert(galleryPhotoChildren)
    .values(kids.slice(0, 2).map((k) => ({ galleryId: gallery!.id, photo: gallery!.images[0]!, childId: k.id })));
}

/** Issue 34: a school year, a repeating event limited to term time with its rows, and a kept version of a post. */
async function seedSchoolYear(app: FastifyInstance) {
  await app.db.insert(schoolDates).values([
    { kind: 'term', name: 'Autumn term', startsOn: '2031-09-03', endsOn: '2031-12-19' },
    { kind: 'half_term', name: 'October half-term', startsOn: '2031-10-27', endsOn: '2031-10-31' },
    { kind: 'closure', name: 'Staff training', startsOn: '2031-11-11', endsOn: '2031-11-11', branch: 'City Branch' },
  ]);
  const [category] = await app.db.select({ id: categories.id }).from(categories).limit(1);
  const [series] = await app.db
    .insert(eventSeries)
    .values({
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20311216T235959Z',
      startsLocal: '2031-09-09T09:30',
      timeZone: 'Europe/London',
      durationMinutes: 60,
      termTime: true,
      exdates: ['2031-09-16T09:30'],
      title: 'Forest School',
      description: 'Outdoors in the woods.',
      location: 'Main Branch',
      categoryId: category!.id,
    })
    .returning({ id: eventSeries.id });
  await syncSeries(app.db, series!.id);
  const [post] = await app.db.select().from(posts).limit(1);
  await app.db.insert(postVersions).values({
    postId: post!.id,
    title: `${post!.title} (first draft)`,
    excerpt: post!.excerpt ?? '',
    content: post!.content,
    coverImage: post!.coverImage,
    tags: ['history', 'kept'],
    status: 'published',
    savedAt: new Date('2031-01-02T08:00:00Z'),
  });
}

describe('backup and restore', () => {
  it('holds the school year, the repeating events with their occurrences and the posts’ history (issue 34)', () => {
    // The sample school's year (seven dates) and these three.
    expect(rows.school_dates).toHaveLength(7 + 3);
    expect(rows.school_dates!.filter((d) => d.includes('"branch":"City Branch"'))).toHaveLength(1);
    expect(rows.event_series).toHaveLength(1);
    expect(rows.event_series![0]).toContain('"exdates":["2031-09-16T09:30"]');
    expect(rows.events!.filter((e) => e.includes('"series_id":1,')).length).toBeGreaterThan(5);
    expect(rows.post_versions).toHaveLength(1);
  });

  it('holds the whole school: 500 posts, 200 events, 50 galleries with images, 100 enquiries, staff and roles', () => {
    expect(rows.posts).toHaveLength(500 + 3);
    expect(rows.events!.length).toBeGreaterThanOrEqual(200);
    expect(rows.galleries!.length).toBeGreaterThanOrEqual(50);
    expect(rows.enquiries).toHaveLength(100);
    expect(rows.users).toHaveLength(7);
    expect(rows.roles).toHaveLength(6);
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(4 * 50);
  });

  it('names the school and counts its posts, events, staff, photos, families, children, photo tags and newsletter subscribers in the manifest, which the Backups screen and the command line read (issues 31, 32, 33)', async () => {
    const school = await getSchoolProfile(source.db);
    const gallery = rows.galleries!.map((line) => (JSON.parse(line) as { images: string[] }).images.length);
    const expected = {
      school: { name: school.name, timezone: school.timezone },
      counts: {
        posts: rows.posts!.length,
        events: rows.events!.length,
        staff: rows.users!.length,
        photos: gallery.reduce((a, b) => a + b, 0),
        families: rows.families!.length,
        children: rows.children!.length,
        photoTags: rows.gallery_photo_children!.length,
        subscribers: rows.newsletter_subscribers!.length,
      },
    };
    expect(expected.counts).toMatchObject({ families: 2, children: 3, photoTags: 2, subscribers: 1 });
    expect(expected.counts.photos).toBeGreaterThan(0);
    const checked = await unpackArchive(createReadStream(archive), source.dataDir);
    await checked.discard();
    expect(checked.manifest).toMatchObject(expected);
    // The browser reads the same from the start of the file, before sending it.
    const summary = await readBackupSummary(new Blob([readFileSync(archive)]));
    expect(summary).toEqual({ createdAt: checked.manifest.createdAt, version: checked.manifest.app.version, ...expected });
    // The command line says the same before a restore.
    expect(cliSummary(checked.manifest)).toContain('2 families with 3 children and 2 photo tags, 1 newsletter subscribers');
    // A backup made before families were counted shows its other counts, and none for families.
    const { families: _f, children: _c, photoTags: _t, subscribers: _s, ...issue31 } = expected.counts;
    expect(summaryOf({ ...checked.manifest, counts: issue31 }).counts).toEqual({
      ...issue31,
      families: null,
      children: null,
      photoTags: null,
      subscribers: null,
    });
  });

  it('says an older backup does not list what it holds, and refuses to read a file that is not a backup', async () => {
    const older = summaryOf({
      format: 'sprout-backup',
      formatVersion: 2,
      createdAt: '2026-01-02T03:04:05.000Z',
      app: { version: '0.9.0' },
    });
    expect(older).toEqual({ createdAt: '2026-01-02T03:04:05.000Z', version: '0.9.0', school: null, counts: null });
    await expect(readBackupSummary(new Blob(['not a backup at all']))).rejects.toThrow(/not a Sprout backup/);
    const { gzipSync } = await import('node:zlib');
    await expect(readBackupSummary(new Blob([gzipSync(Buffer.alloc(2048))]))).rejects.toThrow(/not a Sprout backup/);
  });

  it('restores into a wiped site through the back office: every row and file as the backup holds it, the live audit log and the restoring admin kept, everyone signs in', async () => {
    const target = await buildTestApp();
    try {
      const { admin } = await installTestSchool(target);
      const cookie = await sessionCookie(target, admin);
      await audit(
        target.db,
        { userId: admin.id, username: 'admin', ip: null },
        { action: 'create', title: 'Made on the live site' },
      );
      const liveAudit = await target.db.select().from(auditLog);
      const res = await restoreRequest(target, cookie, readFileSync(archive), { name: 'school.tar.gz' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatch(/restored/);
      // Every table as the backup holds it, but for what a restore keeps of the live site: the
      // restoring administrator's own account (password hash) and the audit log.
      const restored = await snapshotTables(target.db);
      const { users: restoredUsers, audit_log: restoredAudit, ...restoredRest } = restored;
      const { users: backupUsers, audit_log: backupAudit, ...backupRest } = rows;
      expect(restoredRest).toEqual(backupRest);
      expect(restoredUsers!.filter((u) => !u.includes('"username":"admin"'))).toEqual(
        backupUsers!.filter((u) => !u.includes('"username":"admin"')),
      );
      // The live entries first, unchanged; the backup's after them, marked; then the restore itself.
      const entries = await target.db.select().from(auditLog).orderBy(auditLog.id);
      expect(entries.slice(0, liveAudit.length)).toEqual(liveAudit);
      const fromFile = entries.filter((e) => e.details?.restoredFrom === 'school.tar.gz');
      expect(fromFile).toHaveLength(backupAudit!.length);
      expect(fromFile.map((e) => e.title)).toContain('In the backup');
      expect(entries.map((e) => e.title)).toContain('Made on the live site');
      expect(restoredAudit!.length).toBe(liveAudit.length + backupAudit!.length + 1);
      expect(entries.at(-1)).toMatchObject({ action: 'backup-restore', userId: admin.id });
      expect(entries.at(-1)!.title).toMatch(/^restored from backup school\.tar\.gz \(made on .+ by Sprout .+\)$/);
      expect(snapshotFiles(uploadsDir(target.dataDir))).toEqual(files);
      // The restoring admin's session is not in the backup: everyone signs in again, with their own password.
      expect((await target.inject({ url: '/api/backups', headers: { cookie } })).statusCode).toBe(401);
      for (const person of staff) {
        const signIn = await login(target, person.username, person.password);
        expect(signIn.statusCode, `${person.username}: ${signIn.body}`).toBe(200);
      }
      expect((await login(target, 'staff1', 'wrong-password')).statusCode).toBe(401);
      // Ids go on from where the school left off.
      const created = await target.inject({
        method: 'POST',
        url: '/api/categories',
        headers: { cookie: await sessionCookie(target, admin) },
        payload: { name: 'After restore' },
      });
      const lastCategory = JSON.parse(rows.categories!.at(-1)!) as { id: number };
      expect(created.json().data.id).toBe(lastCategory.id + 1);
      // The public site serves the restored photos.
      const photo = Object.keys(files)[0]!;
      expect((await target.inject({ url: `/uploads/${photo}` })).statusCode).toBe(200);
    } finally {
      await target.close();
    }
  }, 60_000);
});

/** An empty PostgreSQL database of its own, dropped afterwards. */
async function emptyPostgres(): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  const name = `sprout_move_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const handle = await openDb({ kind: 'pg', url: withDatabase(process.env.TEST_DATABASE_URL!, name), poolSize: 2 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The tables, with the audit log as what it says (a restore adds the file's entries under new ids, marked as restored). */
function sameSchool(tables: Record<string, string[]>) {
  const said = (line: string) => {
    const { action, title, user_id } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify({ action, title, user_id });
  };
  return { ...tables, audit_log: tables.audit_log!.map(said) };
}

async function restoreFile(handle: DbHandle, dataDir: string, file: string) {
  const checked = await unpackArchive(createReadStream(file), dataDir);
  await restoreArchive(handle.db, dataDir, checked, undefined, { liveBox: new SecretBox({ dataDir }), restoredFrom: file });
}

// The move up and back: only where a PostgreSQL server is given (the PostgreSQL run of npm test).
describe('restoring a backup of the same site', () => {
  it('lists each audit entry once: those the backup shares with the live log are not added again', async () => {
    const app = await buildTestApp();
    try {
      const { admin } = await installTestSchool(app);
      const who = { userId: admin.id, username: 'admin', ip: null };
      await audit(app.db, who, { action: 'create', title: 'Before the backup' });
      const file = join(work, 'same-site.tar.gz');
      await writeBackupFile(app.database.current, app.dataDir, file);
      await audit(app.db, who, { action: 'create', title: 'After the backup' });
      const before = await app.db.select().from(auditLog).orderBy(auditLog.id);

      const res = await restoreRequest(app, await sessionCookie(app, admin), readFileSync(file), { name: 'same-site.tar.gz' });
      expect(res.statusCode, res.body).toBe(200);
      const entries = await app.db.select().from(auditLog).orderBy(auditLog.id);
      expect(entries.slice(0, before.length)).toEqual(before);
      expect(entries.filter((e) => e.title === 'Before the backup')).toHaveLength(1);
      expect(entries.filter((e) => e.title === 'After the backup')).toHaveLength(1);
      expect(entries.filter((e) => e.details?.restoredFrom === 'same-site.tar.gz')).toEqual([]);
      expect(entries.at(-1)!.title).toMatch(
        /^restored from backup same-site\.tar\.gz \(made on \d{4}-\d\d-\d\d \d\d:\d\d UTC by Sprout .+\)$/,
      );
    } finally {
      await app.close();
    }
  });
});

describe.runIf(testDriver() === 'pg')('moving between the built-in database and PostgreSQL', () => {
  it('takes a built-in database backup into an empty PostgreSQL database and back, every row and file identical', async () => {
    const builtin = await openDb({ kind: 'pglite-memory' });
    const builtinDir = mkdtempSync(join(work, 'builtin-'));
    const pgDir = mkdtempSync(join(work, 'pg-'));
    const backDir = mkdtempSync(join(work, 'back-'));
    const server = await emptyPostgres();
    const back = await openDb({ kind: 'pglite-memory' });
    try {
      // The built-in school: restored from the source's archive (whatever database the source used).
      await restoreFile(builtin, builtinDir, archive);
      const fromBuiltin = join(work, 'from-builtin.tar.gz');
      await writeBackupFile(builtin, builtinDir, fromBuiltin);

      await restoreFile(server.handle, pgDir, fromBuiltin);
      expect(sameSchool(await snapshotTables(server.handle.db))).toEqual(sameSchool(rows));
      expect(snapshotFiles(uploadsDir(pgDir))).toEqual(files);

      const fromPostgres = join(work, 'from-postgres.tar.gz');
      await writeBackupFile(server.handle, pgDir, fromPostgres);
      await restoreFile(back, backDir, fromPostgres);
      expect(sameSchool(await snapshotTables(back.db))).toEqual(sameSchool(rows));
      expect(snapshotFiles(uploadsDir(backDir))).toEqual(files);
    } finally {
      await builtin.close();
      await back.close();
      await server.drop();
    }
  }, 120_000);
});
