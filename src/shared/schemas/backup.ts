import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './user.ts';

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

/** On from install (issue 31): a school that never opened Settings > Backups still has two weeks of them. */
export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: true, hour: 2, keep: 14 };

/** Daily backups copied away from this server (BACKUP_COPY_DIR, S3): where, and how it went. */
export interface BackupCopyStatus {
  /** The places configured ("the folder /mnt/backup", "the bucket school (backups/)"); empty: none. */
  targets: string[];
  lastCopiedAt: string | null;
  lastName: string | null;
  /** Why the last copy failed, or null. */
  error: string | null;
  /** Two daily runs in a row went without a copy. */
  overdue: boolean;
}

export const StoredBackupSchema = z.object({
  name: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
  scheduled: z.boolean(),
});
export type StoredBackup = z.infer<typeof StoredBackupSchema>;

/** The shortest passphrase that seals a backup's key (it guards every staff member's second factor). */
export const MIN_BACKUP_PASSPHRASE_LENGTH = 12;

const Passphrase = z
  .string()
  .max(1024, 'That passphrase is too long.')
  .refine(
    (p) => p === '' || p.length >= MIN_BACKUP_PASSPHRASE_LENGTH,
    `Use at least ${MIN_BACKUP_PASSPHRASE_LENGTH} characters.`,
  );

/**
 * An administrator confirming who they are before a backup leaves the server or a restore replaces
 * it: their password, and their second factor's code when it is on (a six-digit code or a recovery code).
 */
export const BackupConfirmSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(MAX_PASSWORD_LENGTH),
  code: z.string().trim().max(40, 'That code is too long.').optional(),
});
export type BackupConfirm = z.infer<typeof BackupConfirmSchema>;

/** POST /api/backups/archive: a backup made now; the passphrase seals its copy of the two-factor key (none: the key is left out). */
export const BackupDownloadSchema = BackupConfirmSchema.extend({ passphrase: Passphrase.optional() });
export type BackupDownload = z.infer<typeof BackupDownloadSchema>;

/**
 * POST /api/backups/restore sends the archive as the body; this travels in the X-Backup-Confirm
 * header as base64url JSON. `passphrase` opens the backup's key; `name` is the file's name, for the audit log.
 */
export const RestoreConfirmSchema = BackupConfirmSchema.extend({
  passphrase: z.string().max(1024).optional(),
  name: z.string().trim().max(200).optional(),
});
export type RestoreConfirm = z.infer<typeof RestoreConfirmSchema>;

/** The install wizard's restore: no account to confirm yet, only the passphrase and the file's name. */
export const InstallRestoreOptionsSchema = RestoreConfirmSchema.pick({ passphrase: true, name: true });

/** PUT /api/backups/passphrase: the passphrase the daily backups seal their key with ('' removes it). */
export const BackupPassphraseSchema = BackupConfirmSchema.extend({ passphrase: Passphrase });
export type BackupPassphrase = z.infer<typeof BackupPassphraseSchema>;

export const RESTORE_CONFIRM_HEADER = 'x-backup-confirm';

/** What an administrator types to confirm a download, a restore or the daily backups' passphrase. */
const ConfirmFieldsSchema = z.object({ currentPassword: z.string(), code: z.string(), passphrase: z.string() });
export type ConfirmFieldsValues = z.input<typeof ConfirmFieldsSchema>;
export const NO_CONFIRM: ConfirmFieldsValues = { currentPassword: '', code: '', passphrase: '' };

/** The confirmation as the API takes it: an empty code or passphrase is none. */
const typedConfirm = ConfirmFieldsSchema.transform(
  ({ currentPassword, code, passphrase }): z.input<typeof RestoreConfirmSchema> => ({
    currentPassword,
    ...(code.trim() ? { code } : {}),
    ...(passphrase ? { passphrase } : {}),
  }),
);
/** The back office's download and restore dialogs, checked as the API checks them. */
export const BackupDownloadFormSchema = typedConfirm.pipe(BackupDownloadSchema);
export const RestoreConfirmFormSchema = typedConfirm.pipe(RestoreConfirmSchema);
/** The daily backups' passphrase form: an empty passphrase removes it. */
export const BackupPassphraseFormSchema = ConfirmFieldsSchema.transform(
  ({ code, ...confirm }): z.input<typeof BackupPassphraseSchema> => ({ ...confirm, ...(code.trim() ? { code } : {}) }),
).pipe(BackupPassphraseSchema);

/** The restore's confirmation as the header carries it (UTF-8 JSON, base64url: any character fits). */
export function encodeRestoreConfirm(confirm: Partial<z.input<typeof RestoreConfirmSchema>>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(confirm));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '');
}

export interface BackupsOverview {
  data: StoredBackup[];
  schedule: BackupSchedule;
  /** When the next scheduled backup runs (ISO), null when off. */
  nextRunAt: string | null;
  database: 'pglite' | 'pg';
  /** A backup or restore running now in this process. */
  busy: 'backup' | 'restore' | null;
  /** Whether the daily backups seal their key with a passphrase (else they leave it out). */
  passphraseSet: boolean;
  /** Copies of the daily backups away from this server (issue 31). */
  copy: BackupCopyStatus;
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
  /** Staff whose authenticator app must be set up again (their secret could not be opened without the passphrase). */
  twoFactorCleared: number;
  /** Accounts the backup made administrators that were not: left inactive. */
  adminsDisabled: string[];
}
