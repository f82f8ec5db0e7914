import { z } from 'zod';
import { toDatetimeLocal } from '../../../shared/dates.ts';

/**
 * A Sprout backup: one `.tar.gz` (docs/decisions/0007-backup-format.md) holding
 *
 *   manifest.json        this file's schema: versions, migrations, tables, files, sha256 of each part
 *   db/<table>.jsonl     one table, one row per line as PostgreSQL's row_to_json, in primary key order
 *   uploads/<name>       every upload and image variant, byte for byte
 *   secret.key           DATA_DIR/secret.key, the key that seals the two-factor secrets, itself sealed with
 *                        the passphrase given at download (sealed-key.ts); left out when none is given
 */
export const ARCHIVE_FORMAT = 'sprout-backup';
/** 2: secret.key is sealed with a passphrase (1 carried it as it is; such archives still restore). */
export const ARCHIVE_FORMAT_VERSION = 2;
export const MANIFEST_NAME = 'manifest.json';
/** The archive's copy of DATA_DIR/secret.key (same name in both places). */
export const SECRET_KEY_ENTRY = 'secret.key';

/**
 * Rows that are not the school's data: sign-in sessions, parents' sign-in links and family
 * sessions, and failed sign-in counters (everyone signs in again).
 */
export const TABLES_NOT_KEPT = new Set([
  'sessions',
  'login_attempts',
  'limit_hits',
  'password_resets',
  'family_sign_in_links',
  'family_sessions',
]);

const Sha256 = z.string().regex(/^[a-f0-9]{64}$/);
const Identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);
/** Upload names as the media service makes them (random hex, variants), plus any plain file name a school put there. */
const UploadPath = z
  .string()
  .max(300)
  .regex(/^uploads\/(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*$/)
  .refine((p) => !p.includes('..'), 'no parent paths');

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'pg']), serverVersion: z.string() }),
  /** Every migration applied to the database, oldest first (drizzle's journal entries). */
  migrations: z.array(z.object({ tag: z.string(), createdAt: z.number(), hash: z.string() })),
  tables: z.array(
    z.object({
      name: Identifier,
      columns: z.array(Identifier).min(1),
      primaryKey: z.array(Identifier),
      rows: z.number().int().min(0),
      /** false for a table whose rows are not kept (TABLES_NOT_KEPT). */
      kept: z.boolean(),
      file: z.string().regex(/^db\/[a-z_][a-z0-9_]*\.jsonl$/),
      bytes: z.number().int().min(0),
      sha256: Sha256,
      /** Identity sequences: restored to the same state, so new rows get the ids they would have had. */
      sequences: z.array(z.object({ column: Identifier, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
    }),
  ),
  files: z.array(z.object({ path: UploadPath, bytes: z.number().int().min(0), sha256: Sha256 })),
  /**
   * DATA_DIR/secret.key, without which the restored two-factor secrets cannot be opened; `sealed`:
   * with a passphrase (sealed-key.ts). Absent when no passphrase was given, in archives made before
   * it was carried, or by a Sprout whose key comes from SECRET_KEY.
   */
  secretKey: z
    .object({ bytes: z.number().int().min(1).max(4096), sha256: Sha256, sealed: z.literal(true).optional() })
    .optional(),
  /** The school's name and clock when the backup was made (issue 31; absent in older backups). */
  school: z.object({ name: z.string().max(200), timezone: z.string().max(100) }).optional(),
  /** What the backup holds, shown before a restore (issue 31; absent in older backups). */
  counts: z
    .object({
      posts: z.number().int().min(0),
      events: z.number().int().min(0),
      staff: z.number().int().min(0),
      photos: z.number().int().min(0),
      /** Families, their children and the children's tags in photos (issue 32; absent in older backups). */
      families: z.number().int().min(0).optional(),
      children: z.number().int().min(0).optional(),
      photoTags: z.number().int().min(0).optional(),
      /** Newsletter subscribers (issue 33; absent in older backups). */
      subscribers: z.number().int().min(0).optional(),
    })
    .optional(),
});
export type Manifest = z.infer<typeof ManifestSchema>;
export type TableManifest = Manifest['tables'][number];

/** `sprout-backup-20261124-130501[-scheduled].tar.gz`: the date and time on the school's clock (UTC before issue 31). */
export const BACKUP_NAME = /^sprout-backup-\d{8}-\d{6}(?:-\d+)?(-scheduled)?\.tar\.gz$/;

export function backupFileName(at = new Date(), scheduled = false, timeZone = 'UTC'): string {
  // 'YYYY-MM-DDTHH:mm' on the school's clock; the seconds are the same on every clock.
  const local = toDatetimeLocal(at, timeZone).replace(/[-:]/g, '').replace('T', '-');
  return `sprout-backup-${local}${String(at.getUTCSeconds()).padStart(2, '0')}${scheduled ? '-scheduled' : ''}.tar.gz`;
}

/** A backup that cannot be restored; its message is for the person restoring. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}
