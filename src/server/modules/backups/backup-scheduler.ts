import type { FastifyInstance } from 'fastify';
import { runOnOneInstance } from '../../db/exclusive.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { defaultBackupPath, writeBackupFile } from './backup.service.ts';
import type { OperationGate } from './operation-gate.ts';
import { claimSlot, getSchedule, getScheduledPassphrase, lastSlot, pruneScheduled } from './schedule.service.ts';
import { copyDailyBackup, type CopyTarget } from './offsite-copy.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { INSTALLED_KEY } from '../install/install-state.ts';

const TICK_MS = 60_000;

/**
 * Daily backups (the schedule is a setting): one timer per process looks once a minute whether the
 * school's clock has passed the hour since the last run. Several processes on one PostgreSQL each
 * look, and the claim (schedule.service.ts claimSlot) lets exactly one of them make the backup.
 * A run missed while the server was off is made at the next start.
 */
export class BackupScheduler {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<string | null> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly gate: OperationGate,
    /** Where each daily backup is copied too (offsite-copy.ts); none by default. */
    readonly copyTargets: readonly CopyTarget[] = [],
  ) {}

  start() {
    if (this.#timer || process.env.SPROUT_BACKUP_SCHEDULER === 'off') return;
    this.#timer = setInterval(() => void this.tick(), TICK_MS);
    this.#timer.unref();
  }

  async stop() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  /** Makes the scheduled backup when one is due; resolves with its path, or null. */
  tick(now = new Date()): Promise<string | null> {
    this.#running ??= runOnOneInstance(this.app.database, 'scheduled-backup', () => this.#run(now))
      .then((path) => path ?? null)
      .catch((err: unknown) => {
        this.app.log.error({ err }, 'scheduled backup failed');
        return null;
      })
      .finally(() => (this.#running = null));
    return this.#running;
  }

  async #run(now: Date): Promise<string | null> {
    const db = this.app.db;
    const schedule = await getSchedule(db);
    if (!schedule.enabled || this.gate.busy) return null;
    // On from install (issue 31): nothing before the school exists, and the first run is the first
    // hour after installing, not a backup of a school installed a minute ago.
    const installedAt = await installedSince(db);
    if (!installedAt) return null;
    const timeZone = (await getSchoolProfile(db)).timezone;
    const slot = lastSlot(now, schedule.hour, timeZone);
    if (slot < installedAt) return null;
    if (!(await claimSlot(db, slot))) return null;
    const release = this.gate.take('backup');
    let path: string;
    try {
      const started = Date.now();
      // Sealed with the administrators' passphrase when they set one; else the two-factor key is left out.
      const passphrase = await getScheduledPassphrase(db, this.app.secretBox);
      const result = await writeBackupFile(
        this.app.database.current,
        this.app.dataDir,
        defaultBackupPath(this.app.dataDir, true, timeZone),
        this.app.storage,
        { passphrase },
      );
      const removed = await pruneScheduled(this.app.dataDir, schedule.keep);
      this.app.log.info(
        {
          path: result.path,
          bytes: result.bytes,
          ms: Date.now() - started,
          removed: removed.length,
          keySealed: Boolean(passphrase),
        },
        'scheduled backup written',
      );
      path = result.path;
    } finally {
      release();
    }
    // The copy away from this machine runs after the gate is released: a restore or a download need
    // not wait for a slow upload, and the file it copies is complete.
    if (this.copyTargets.length) {
      const started = Date.now();
      const copy = await copyDailyBackup(db, this.copyTargets, path, schedule.keep);
      if (copy.error) this.app.log.error({ path, error: copy.error }, 'daily backup copy failed');
      else this.app.log.info({ path, ms: Date.now() - started, to: this.copyTargets.map((t) => t.label) }, 'daily backup copied');
    }
    return path;
  }
}

/** When the school was installed (the installer's settings row), or null before it is. */
async function installedSince(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, INSTALLED_KEY));
  if (!row) return null;
  const at = (row.value as { at?: unknown } | null)?.at;
  const parsed = typeof at === 'string' ? new Date(at) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : (row.updatedAt ?? new Date(0));
}
