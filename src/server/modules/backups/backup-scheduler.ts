import type { FastifyInstance } from 'fastify';
import { runOnOneInstance } from '../../db/exclusive.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { defaultBackupPath, writeBackupFile } from './backup.service.ts';
import type { OperationGate } from './operation-gate.ts';
import { claimSlot, getSchedule, getScheduledPassphrase, lastSlot, pruneScheduled } from './schedule.service.ts';

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
    const timeZone = (await getSchoolProfile(db)).timezone;
    if (!(await claimSlot(db, lastSlot(now, schedule.hour, timeZone)))) return null;
    const release = this.gate.take('backup');
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
      return result.path;
    } finally {
      release();
    }
  }
}
