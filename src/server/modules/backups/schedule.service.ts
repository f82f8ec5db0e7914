import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { fromDatetimeLocal, toDatetimeLocal } from '../../../shared/dates.ts';
import {
  BackupScheduleSchema,
  DEFAULT_BACKUP_SCHEDULE,
  type BackupSchedule,
  type StoredBackup,
} from '../../../shared/schemas/backup.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { BACKUP_NAME } from './archive-format.ts';
import { backupsDir } from './backup.service.ts';
import type { SecretBox } from '../two-factor/secret-box.ts';

export const SCHEDULE_KEY = 'backup_schedule';
/** The last scheduled run claimed by any instance: `{slot}` (ISO). */
export const LAST_RUN_KEY = 'backup_last_run';

export async function getSchedule(db: Db): Promise<BackupSchedule> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SCHEDULE_KEY));
  const parsed = BackupScheduleSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_BACKUP_SCHEDULE;
}

/** Saves the schedule; the next run is the next time the school's clock reads the hour (none is owed for today). */
export async function saveSchedule(db: Db, schedule: BackupSchedule, now = new Date()): Promise<BackupSchedule> {
  const value = BackupScheduleSchema.parse(schedule);
  const timeZone = (await getSchoolProfile(db)).timezone;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx
      .insert(settings)
      .values({ key: SCHEDULE_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    await claimSlot(tx, lastSlot(now, value.hour, timeZone));
  });
  return value;
}

/** The latest moment at or before `now` when the school's clock read `hour`:00. */
export function lastSlot(now: Date, hour: number, timeZone: string): Date {
  const today = toDatetimeLocal(now, timeZone).slice(0, 10);
  const at = (day: string) => new Date(fromDatetimeLocal(`${day}T${String(hour).padStart(2, '0')}:00`, timeZone));
  const candidate = at(today);
  if (candidate <= now) return candidate;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return at(new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10));
}

export function nextSlot(now: Date, hour: number, timeZone: string): Date {
  const last = lastSlot(now, hour, timeZone);
  // A day later on the school's clock (23 or 25 hours across a DST change).
  const day = toDatetimeLocal(new Date(last.getTime() + 26 * 3600_000), timeZone).slice(0, 10);
  return new Date(fromDatetimeLocal(`${day}T${String(hour).padStart(2, '0')}:00`, timeZone));
}

/**
 * Claims a scheduled run: true for exactly one caller per slot, whichever instance asks first. The
 * conditional upsert takes the row's lock, so on PostgreSQL instances claiming at once queue on it
 * and all but one see the slot taken (the job of an advisory lock, kept in the row it guards).
 * `key`: the setting that keeps the last slot (the backups'; the newsletter's weekly digest has its own).
 */
export async function claimSlot(db: Db, slot: Date, key = LAST_RUN_KEY): Promise<boolean> {
  const value = { slot: slot.toISOString() };
  const claimed = await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updatedAt: new Date() },
      setWhere: sql`coalesce(${settings.value}->>'slot', '') < ${value.slot}`,
    })
    .returning({ key: settings.key });
  return claimed.length > 0;
}

/** Backups in DATA_DIR/backups, newest first (work folders and unfinished files are not listed). */
export async function listBackups(dataDir: string): Promise<StoredBackup[]> {
  const dir = backupsDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: StoredBackup[] = [];
  for (const name of names.filter((n) => BACKUP_NAME.test(n))) {
    try {
      const info = await stat(join(dir, name));
      out.push({ name, bytes: info.size, createdAt: info.mtime.toISOString(), scheduled: name.endsWith('-scheduled.tar.gz') });
    } catch {
      // removed meanwhile
    }
  }
  // Newest first by when each was written: names are on the school's clock since issue 31 (UTC
  // before), so across that change or a clock change the names alone may not sort in time order.
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** Keeps the newest `keep` scheduled backups; those made by hand stay until someone removes them. */
export async function pruneScheduled(dataDir: string, keep: number): Promise<string[]> {
  const scheduled = (await listBackups(dataDir)).filter((b) => b.scheduled);
  const removed = scheduled.slice(keep).map((b) => b.name);
  for (const name of removed) await rm(join(backupsDir(dataDir), name), { force: true });
  return removed;
}

/** The passphrase daily backups seal their key with, itself sealed with the site's key (so a backup never holds it readable). */
export const PASSPHRASE_KEY = 'backup_passphrase';

export async function getScheduledPassphrase(db: Db, box: SecretBox): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, PASSPHRASE_KEY));
  const sealed = (row?.value as { sealed?: unknown } | undefined)?.sealed;
  if (typeof sealed !== 'string' || !sealed) return undefined;
  try {
    return box.open(sealed);
  } catch {
    return undefined;
  }
}

export async function hasScheduledPassphrase(db: Db): Promise<boolean> {
  const [row] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, PASSPHRASE_KEY));
  return Boolean(row);
}

/** Saves the daily backups' passphrase ('' removes it: they then leave the key out). */
export async function saveScheduledPassphrase(db: Db, box: SecretBox, passphrase: string): Promise<void> {
  if (!passphrase) {
    await db.delete(settings).where(eq(settings.key, PASSPHRASE_KEY));
    return;
  }
  const value = { sealed: box.seal(passphrase) };
  await db
    .insert(settings)
    .values({ key: PASSPHRASE_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
