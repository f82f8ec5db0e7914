import { createReadStream, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { settings } from '../../db/schema/index.ts';
import { saveSchoolProfile, getSchoolProfile } from '../site/site.service.ts';
import { BACKUP_NAME, backupFileName } from './archive-format.ts';
import { backupsDir } from './backup.service.ts';
import { unpackArchive } from './restore.service.ts';
import { claimSlot, lastSlot, nextSlot } from './schedule.service.ts';

describe('the daily backup hour on the school clock', () => {
  it('is the last time the clock read the hour, and the next one a day later, across a DST change', () => {
    const london = 'Europe/London';
    expect(lastSlot(new Date('2026-07-10T00:30:00Z'), 2, london).toISOString()).toBe('2026-07-09T01:00:00.000Z');
    expect(lastSlot(new Date('2026-07-10T01:30:00Z'), 2, london).toISOString()).toBe('2026-07-10T01:00:00.000Z');
    expect(nextSlot(new Date('2026-10-24T12:00:00Z'), 2, london).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(lastSlot(new Date('2026-11-24T21:00:00Z'), 2, 'Asia/Kolkata').toISOString()).toBe('2026-11-24T20:30:00.000Z');
  });
});

describe("backup file names on the school's clock (issue 31)", () => {
  it('writes the date and time as the school reads them, not UTC', () => {
    const at = new Date('2026-11-24T21:00:05Z');
    expect(backupFileName(at, true, 'Asia/Kolkata')).toBe('sprout-backup-20261125-023005-scheduled.tar.gz');
    expect(backupFileName(at, false, 'America/New_York')).toBe('sprout-backup-20261124-160005.tar.gz');
    expect(backupFileName(at)).toBe('sprout-backup-20261124-210005.tar.gz');
    expect(BACKUP_NAME.test(backupFileName(at, true, 'Asia/Kolkata'))).toBe(true);
  });
});

describe('scheduled backups', () => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    app = await buildTestApp();
    const { admin } = await installTestSchool(app);
    cookie = await sessionCookie(app, admin);
    await saveSchoolProfile(app.db, { ...(await getSchoolProfile(app.db)), timezone: 'Europe/London' });
  });
  afterAll(() => app?.close());

  const fileDownload = (name: string, currentPassword = TEST_PASSWORD) =>
    app.inject({ method: 'POST', url: `/api/backups/files/${name}`, headers: { cookie }, payload: { currentPassword } });
  const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/backups/schedule', headers: { cookie }, payload });

  it('refuses a schedule it cannot keep, with a message per field', async () => {
    const res = await put({ enabled: true, hour: 24, keep: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ hour: 'Choose an hour from 0 to 23.', keep: 'Keep at least 1 backup.' });
  });

  it('writes one backup a day at the hour, keeps the newest N, and lists them for download', async () => {
    expect((await put({ enabled: true, hour: 2, keep: 2 })).statusCode).toBe(200);
    const scheduler = app.backupScheduler;
    // Saved today: nothing is owed until the next 02:00 on the school's clock.
    expect(await scheduler.tick(new Date())).toBeNull();
    const day = (n: number) => new Date(Date.now() + n * 24 * 3600_000 + 3600_000);
    const before = new Date();
    const first = await scheduler.tick(day(1));
    expect(first).toMatch(/-scheduled\.tar\.gz$/);
    // Named on the school's clock (Europe/London here): its date and hour as London read them.
    const stamp = (at: Date) => backupFileName(at, true, 'Europe/London').slice(0, 'sprout-backup-20261124-13'.length);
    expect([stamp(before), stamp(new Date())]).toContain(basename(first!).slice(0, 'sprout-backup-20261124-13'.length));
    expect(await scheduler.tick(day(1))).toBeNull(); // the same day's run is made once
    await new Promise((r) => setTimeout(r, 1100)); // names carry the second
    await scheduler.tick(day(2));
    await new Promise((r) => setTimeout(r, 1100));
    await scheduler.tick(day(3));

    const list = await app.inject({ url: '/api/backups', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const overview = list.json();
    expect(overview.data).toHaveLength(2);
    expect(overview.schedule).toEqual({ enabled: true, hour: 2, keep: 2 });
    expect(overview.nextRunAt).toMatch(/T0[12]:00:00\.000Z$/);
    const [newest] = overview.data as { name: string; bytes: number }[];
    const download = await fileDownload(newest!.name);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(readFileSync(join(backupsDir(app.dataDir), newest!.name)))).toBe(true);
    expect(Number(download.headers['content-length'])).toBe(newest!.bytes);
    for (const name of ['..%2Fconfig.json', 'nothing.tar.gz', 'sprout-backup-20260101-000000.tar.gz']) {
      expect((await fileDownload(name)).statusCode).toBe(404);
    }
  }, 60_000);

  it('lets exactly one of several instances claim a run', async () => {
    const slot = new Date(Date.now() + 40 * 24 * 3600_000);
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimSlot(app.db, slot)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('seals the key of its backups with the passphrase the administrator set, and leaves it out when there is none', async () => {
    const setPassphrase = (passphrase: string, currentPassword = TEST_PASSWORD) =>
      app.inject({
        method: 'PUT',
        url: '/api/backups/passphrase',
        headers: { cookie },
        payload: { currentPassword, passphrase },
      });
    expect((await setPassphrase('too short')).json().fields).toMatchObject({
      passphrase: expect.stringMatching(/12 characters/),
    });
    expect((await setPassphrase('a long passphrase', 'wrong password')).statusCode).toBe(400);
    expect((await setPassphrase('a long passphrase')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/backups', headers: { cookie } })).json().passphraseSet).toBe(true);
    // The setting holds it sealed, never as text (the settings table is in every backup).
    expect(JSON.stringify(await app.db.select().from(settings))).not.toContain('a long passphrase');
    const sealed = await scheduledManifest(60);
    expect(sealed.secretKey).toMatchObject({ sealed: true });
    expect((await setPassphrase('')).statusCode).toBe(200);
    expect((await scheduledManifest(61)).secretKey).toBeUndefined();
  }, 60_000);

  /** The manifest of the scheduled backup made `days` from now. */
  async function scheduledManifest(days: number) {
    expect((await put({ enabled: true, hour: 2, keep: 2 })).statusCode).toBe(200);
    const path = await app.backupScheduler.tick(new Date(Date.now() + days * 24 * 3600_000 + 3600_000));
    expect(path).toBeTruthy();
    const checked = await unpackArchive(createReadStream(path!), app.dataDir);
    await checked.discard();
    return checked.manifest;
  }

  it('makes nothing when turned off', async () => {
    expect((await put({ enabled: false, hour: 2, keep: 2 })).statusCode).toBe(200);
    expect(await app.backupScheduler.tick(new Date(Date.now() + 50 * 24 * 3600_000))).toBeNull();
  });
});
