import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { settings } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { COPY_STATE_KEY, copyDailyBackup, copyStatus, copyTargetsFromEnv } from './offsite-copy.ts';

const work = mkdtempSync(join(tmpdir(), 'sprout-backup-copy-'));
const copyDir = join(work, 'usb');
let app: FastifyInstance;
let cookie: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  process.env.BACKUP_COPY_DIR = copyDir;
  app = await buildTestApp();
  delete process.env.BACKUP_COPY_DIR;
  const { admin } = await installTestSchool(app);
  cookie = await sessionCookie(app, admin);
}, 60_000);
afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

const overview = async () => (await app.inject({ url: '/api/backups', headers: { cookie } })).json();

describe('daily backups from install (issue 31)', () => {
  it('are on from install, keep 14, and make the first one at the next hour after installing, not at once', async () => {
    expect((await overview()).schedule).toEqual({ enabled: true, hour: 2, keep: 14 });
    expect(await app.backupScheduler.tick(new Date())).toBeNull();
    expect(existsSync(copyDir)).toBe(false);
  });

  it('copies each daily backup to BACKUP_COPY_DIR, keeps as many there as here, and says when it was copied', async () => {
    await app.inject({
      method: 'PUT',
      url: '/api/backups/schedule',
      headers: { cookie },
      payload: { enabled: true, hour: 2, keep: 2 },
    });
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      const path = await app.backupScheduler.tick(new Date(Date.now() + n * DAY + 3600_000));
      expect(path).toBeTruthy();
      made.push(path!);
      await new Promise((r) => setTimeout(r, 1100)); // names carry the second
    }
    const copies = readdirSync(copyDir).sort();
    expect(copies).toEqual(
      made
        .slice(1)
        .map((p) => basename(p))
        .sort(),
    );
    expect(readFileSync(join(copyDir, basename(made[2]!))).equals(readFileSync(made[2]!))).toBe(true);
    const { copy } = await overview();
    expect(copy).toMatchObject({ targets: [`the folder ${copyDir}`], lastName: basename(made[2]!), error: null, overdue: false });
    expect(Date.now() - new Date(copy.lastCopiedAt).getTime()).toBeLessThan(60_000);
  }, 60_000);

  it('warns after two daily runs without a copy, and says why the last one failed', async () => {
    const targets = copyTargetsFromEnv({ BACKUP_COPY_DIR: copyDir });
    const schedule = { enabled: true, hour: 2 };
    const tz = 'Asia/Kolkata';
    // Copied at 02:05 on 10 March (school time); 02:00 is 20:30 UTC the day before.
    await app.db
      .update(settings)
      .set({ value: { lastCopiedAt: '2026-03-09T20:35:00.000Z', firstAttemptAt: '2026-03-01T00:00:00.000Z' } })
      .where(eq(settings.key, COPY_STATE_KEY));
    const at = (iso: string) => copyStatus(app.db, targets, schedule, tz, new Date(iso));
    expect((await at('2026-03-10T12:00:00Z')).overdue).toBe(false); // today's copy made
    expect((await at('2026-03-11T12:00:00Z')).overdue).toBe(false); // one day missed
    expect((await at('2026-03-12T12:00:00Z')).overdue).toBe(true); // two days missed
    expect(
      (await copyStatus(app.db, targets, { ...schedule, enabled: false }, tz, new Date('2026-03-20T00:00:00Z'))).overdue,
    ).toBe(false);
    expect((await copyStatus(app.db, [], schedule, tz, new Date('2026-03-20T00:00:00Z'))).overdue).toBe(false);

    // A folder that cannot be written: the failure is kept and named.
    const blocked = join(work, 'not-a-folder');
    writeFileSync(blocked, 'a file where the folder should be');
    const backup = join(work, 'sprout-backup-20260312-020000-scheduled.tar.gz');
    writeFileSync(backup, 'backup bytes');
    const result = await copyDailyBackup(app.db, copyTargetsFromEnv({ BACKUP_COPY_DIR: blocked }), backup, 2);
    expect(result.copied).toBe(false);
    const status = await copyStatus(app.db, targets, schedule, tz, new Date('2026-03-12T12:00:00Z'));
    expect(status).toMatchObject({ overdue: true, lastCopiedAt: '2026-03-09T20:35:00.000Z' });
    expect(status.error).toContain(`the folder ${blocked}`);
  }, 30_000);

  it('lists no place to copy to when none is configured', () => {
    expect(copyTargetsFromEnv({})).toEqual([]);
  });
});

describe('copies to S3 storage', () => {
  let server: { close(): Promise<void> };
  let endpoint: string;
  beforeAll(async () => {
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: join(work, 's3'),
      configureBuckets: [{ name: 'school' }],
    });
    endpoint = `http://127.0.0.1:${((await s3.run()) as { port: number }).port}`;
    server = s3;
  });
  afterAll(() => server?.close());

  it('puts each daily backup in the uploads bucket under backups/, keeping the newest', async () => {
    const env = {
      S3_BUCKET: 'school',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const targets = copyTargetsFromEnv(env);
    expect(targets.map((t) => t.label)).toEqual(['the bucket school (backups/)']);
    const names = ['20260310', '20260311', '20260312'].map((d) => `sprout-backup-${d}-020000-scheduled.tar.gz`);
    for (const name of names) {
      writeFileSync(join(work, name), `backup of ${name}`);
      expect(await copyDailyBackup(app.db, targets, join(work, name), 2)).toEqual({ copied: true });
      await new Promise((r) => setTimeout(r, 1100)); // s3rver's times carry the second
    }
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'school', Prefix: 'backups/' }));
    client.destroy();
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(names.slice(1).map((n) => `backups/${n}`));
    expect(copyTargetsFromEnv({ ...env, BACKUP_S3_BUCKET: 'vault', BACKUP_S3_PREFIX: 'school-a' }).map((t) => t.label)).toEqual([
      'the bucket vault (school-a/)',
    ]);
  }, 30_000);
});
