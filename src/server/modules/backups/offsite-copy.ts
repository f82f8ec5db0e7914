import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { s3SettingsFromEnv, type S3Settings } from '../../storage/storage.ts';
import { fromDatetimeLocal, toDatetimeLocal } from '../../../shared/dates.ts';
import type { BackupCopyStatus } from '../../../shared/schemas/backup.ts';
import { BACKUP_NAME } from './archive-format.ts';
import { lastSlot } from './schedule.service.ts';

/**
 * Daily backups copied away from this machine (issue 31): to a folder (BACKUP_COPY_DIR: a mounted
 * disk or network share) and/or an S3-compatible bucket (the uploads' S3_* settings, or
 * BACKUP_S3_BUCKET), under BACKUP_S3_PREFIX (`backups/` by default). Each place keeps the newest
 * daily copies, as many as the schedule keeps here.
 */
export interface CopyTarget {
  /** What the Backups screen calls it. */
  readonly label: string;
  put(path: string): Promise<void>;
  /** Removes the oldest daily copies beyond `keep`; answers how many went. */
  prune(keep: number): Promise<number>;
}

export function copyTargetsFromEnv(env: NodeJS.ProcessEnv = process.env): CopyTarget[] {
  const targets: CopyTarget[] = [];
  const dir = env.BACKUP_COPY_DIR?.trim();
  if (dir) targets.push(new FolderCopy(resolve(dir)));
  const s3 = s3SettingsFromEnv({ ...env, S3_BUCKET: env.BACKUP_S3_BUCKET?.trim() || env.S3_BUCKET });
  if (s3) targets.push(new BucketCopy(s3, normalisedPrefix(env.BACKUP_S3_PREFIX)));
  return targets;
}

function normalisedPrefix(prefix: string | undefined): string {
  const p = (prefix ?? 'backups/').trim().replace(/^\/+/, '');
  return p && !p.endsWith('/') ? `${p}/` : p;
}

const isDaily = (name: string) => BACKUP_NAME.test(name) && name.endsWith('-scheduled.tar.gz');

class FolderCopy implements CopyTarget {
  readonly label: string;
  constructor(private readonly dir: string) {
    this.label = `the folder ${dir}`;
  }

  async put(path: string) {
    await mkdir(this.dir, { recursive: true });
    const target = join(this.dir, basename(path));
    const partial = `${target}.partial`;
    try {
      await copyFile(path, partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async prune(keep: number) {
    const daily: { name: string; at: number }[] = [];
    for (const name of (await readdir(this.dir)).filter(isDaily)) {
      daily.push({ name, at: (await stat(join(this.dir, name))).mtimeMs });
    }
    const old = daily.sort((a, b) => b.at - a.at || (a.name < b.name ? 1 : -1)).slice(keep);
    for (const { name } of old) await rm(join(this.dir, name), { force: true });
    return old.length;
  }
}

class BucketCopy implements CopyTarget {
  readonly label: string;
  constructor(
    private readonly s3: S3Settings,
    private readonly prefix: string,
  ) {
    this.label = `the bucket ${s3.bucket}${prefix ? ` (${prefix})` : ''}`;
  }

  async #client() {
    const { S3Client } = await import('@aws-sdk/client-s3');
    return new S3Client({
      region: this.s3.region,
      // A streamed body is sent with its length, without the chunked checksums some S3-compatible stores refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(this.s3.endpoint ? { endpoint: this.s3.endpoint, forcePathStyle: true } : {}),
      ...(this.s3.accessKeyId && this.s3.secretAccessKey
        ? { credentials: { accessKeyId: this.s3.accessKeyId, secretAccessKey: this.s3.secretAccessKey } }
        : {}),
    });
  }

  async put(path: string) {
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const client = await this.#client();
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: this.s3.bucket,
          Key: `${this.prefix}${basename(path)}`,
          Body: createReadStream(path),
          ContentLength: (await stat(path)).size,
          ContentType: 'application/gzip',
        }),
      );
    } finally {
      client.destroy();
    }
  }

  async prune(keep: number) {
    const { DeleteObjectCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const client = await this.#client();
    try {
      const daily: { key: string; at: number }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: this.s3.bucket, Prefix: this.prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          const name = item.Key?.slice(this.prefix.length) ?? '';
          if (isDaily(name)) daily.push({ key: item.Key!, at: item.LastModified?.getTime() ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      const old = daily.sort((a, b) => b.at - a.at || (a.key < b.key ? 1 : -1)).slice(keep);
      for (const { key } of old) await client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      return old.length;
    } finally {
      client.destroy();
    }
  }
}

/** The last copy of a daily backup: `{lastCopiedAt, name, error, lastAttemptAt, firstAttemptAt}` (ISO times). */
export const COPY_STATE_KEY = 'backup_copy';

interface CopyState {
  lastCopiedAt?: string;
  name?: string;
  error?: string;
  lastAttemptAt?: string;
  firstAttemptAt?: string;
}

async function readCopyState(db: Db): Promise<CopyState> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, COPY_STATE_KEY));
  return (row?.value as CopyState | undefined) ?? {};
}

async function writeCopyState(db: Db, value: CopyState) {
  await db
    .insert(settings)
    .values({ key: COPY_STATE_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Copies a daily backup to every place configured, then keeps the newest `keep` there. The outcome
 * is kept in a settings row (shared by every instance): the Backups screen reads it.
 */
export async function copyDailyBackup(
  db: Db,
  targets: readonly CopyTarget[],
  path: string,
  keep: number,
  now = new Date(),
): Promise<{ copied: boolean; error?: string }> {
  if (!targets.length) return { copied: false };
  const failures: string[] = [];
  for (const target of targets) {
    try {
      await target.put(path);
      await target.prune(keep);
    } catch (error) {
      failures.push(`${target.label}: ${(error as Error).message}`.slice(0, 300));
    }
  }
  const before = await readCopyState(db);
  const at = now.toISOString();
  const state: CopyState = {
    ...before,
    firstAttemptAt: before.firstAttemptAt ?? at,
    lastAttemptAt: at,
    ...(failures.length
      ? { error: `Could not copy to ${failures.join('; ')}` }
      : { lastCopiedAt: at, name: basename(path), error: undefined }),
  };
  await writeCopyState(db, JSON.parse(JSON.stringify(state)) as CopyState);
  return failures.length ? { copied: false, error: state.error } : { copied: true };
}

/**
 * What the Backups screen says of the copies: where they go, when the last one was made, and
 * whether two daily runs in a row went without one (`overdue`). Nothing is overdue before the
 * first attempt, nor while daily backups are off.
 */
export async function copyStatus(
  db: Db,
  targets: readonly CopyTarget[],
  schedule: { enabled: boolean; hour: number },
  timeZone: string,
  now = new Date(),
): Promise<BackupCopyStatus> {
  const state = await readCopyState(db);
  const since = state.lastCopiedAt ?? state.firstAttemptAt;
  let overdue = false;
  if (targets.length && schedule.enabled && since) {
    // The run before the last one on the school's clock: a copy since then means at most one was missed.
    const last = lastSlot(now, schedule.hour, timeZone);
    const [y, m, d] = toDatetimeLocal(last, timeZone).slice(0, 10).split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
    const previous = new Date(fromDatetimeLocal(`${day}T${String(schedule.hour).padStart(2, '0')}:00`, timeZone));
    overdue = new Date(since) < previous;
  }
  return {
    targets: targets.map((t) => t.label),
    lastCopiedAt: state.lastCopiedAt ?? null,
    lastName: state.name ?? null,
    error: state.error ?? null,
    overdue,
  };
}
