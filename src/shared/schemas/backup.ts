import { z } from 'zod';

/** Daily backups written under DATA_DIR/backups: at an hour of the school's clock, the newest `keep` kept. */
export const BackupScheduleSchema = z.object({
  enabled: z.boolean({ error: 'Say whether daily backups are on.' }),
  hour: z
    .number({ error: 'Choose the hour of the daily backup.' })
    .int('Choose a whole hour.')
    .min(0, 'Choose an hour from 0 to 23.')
    .max(23, 'Choose an hour from 0 to 23.'),
  keep: z
    .number({ error: 'Say how many daily backups to keep.' })
    .int('Keep a whole number of backups.')
    .min(1, 'Keep at least 1 backup.')
    .max(90, 'Keep at most 90 backups.'),
});
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: false, hour: 2, keep: 7 };

export const StoredBackupSchema = z.object({
  name: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
  scheduled: z.boolean(),
});
export type StoredBackup = z.infer<typeof StoredBackupSchema>;

export interface BackupsOverview {
  data: StoredBackup[];
  schedule: BackupSchedule;
  /** When the next scheduled backup runs (ISO), null when off. */
  nextRunAt: string | null;
  database: 'pglite' | 'pg';
  /** A backup or restore running now in this process. */
  busy: 'backup' | 'restore' | null;
}

export interface RestoreResult {
  message: string;
  summary: {
    createdAt: string;
    appVersion: string;
    tables: number;
    rows: number;
    files: number;
  };
}
