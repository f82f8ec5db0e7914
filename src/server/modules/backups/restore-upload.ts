import { Transform, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RestoreResult } from '../../../shared/schemas/backup.ts';
import { AppError, badRequest } from '../../errors.ts';
import { ArchiveError } from './archive-format.ts';
import { OperationGate } from './operation-gate.ts';
import { restoreArchive, unpackArchive } from './restore.service.ts';

/** Archive uploads: the request body is the `.tar.gz` itself, read as a stream by the restore. */
export const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream', 'application/x-tar'];

const gates = new WeakMap<object, OperationGate>();

/** A manifest's time for the audit log: "2026-11-28 04:18 UTC" (the raw text if it is not a time). */
const madeOn = (createdAt: string) => {
  const at = new Date(createdAt);
  return Number.isNaN(at.getTime()) ? createdAt : `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};
/** One backup or restore at a time per server, whichever screen started it (Settings > Backups or the install wizard). */
export function operationGate(app: FastifyInstance): OperationGate {
  const root = app.database; // the same object in every plugin context of one server
  let gate = gates.get(root);
  if (!gate) gates.set(root, (gate = new OperationGate()));
  return gate;
}

export const missingArchive = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the backup file itself as the body (Content-Type: application/gzip).');

export interface UploadedRestore {
  result: RestoreResult;
  /** The archive's size as uploaded. */
  bytes: number;
  /** What the audit log says of it: "restored from backup X (made on D by Sprout V)". */
  title: string;
}

/**
 * Checks and restores an uploaded archive (database and uploads): the live audit log is kept, the
 * backup's entries added as restored, and from the back office the restoring administrator kept
 * as they are (restore-keep.ts). Damaged, foreign and refused archives answer 400 with the reason.
 */
export async function restoreUploadedArchive(
  app: FastifyInstance,
  body: Readable,
  log: FastifyBaseLogger,
  options: { adminId?: number; passphrase?: string; name?: string },
): Promise<UploadedRestore> {
  const release = operationGate(app).take('restore');
  try {
    let bytes = 0;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
    );
    body.once('error', (error) => counted.destroy(error));
    const archive = await unpackArchive(counted, app.dataDir).catch((error: unknown) => {
      body.resume();
      throw error instanceof ArchiveError ? badRequest(error.message) : error;
    });
    const { manifest } = archive;
    const name = options.name || `the backup of ${manifest.createdAt}`;
    const started = Date.now();
    const kept = await restoreArchive(app.db, app.dataDir, archive, app.storage, {
      liveBox: app.secretBox,
      passphrase: options.passphrase || undefined,
      adminId: options.adminId,
      restoredFrom: name,
    }).catch((error: unknown) => {
      throw error instanceof ArchiveError ? badRequest(error.message) : error;
    });
    app.secretBox.reload();
    log.warn({ createdAt: manifest.createdAt, ms: Date.now() - started }, 'database and uploads restored from a backup');
    return {
      bytes,
      title: `restored from backup ${name} (made on ${madeOn(manifest.createdAt)} by Sprout ${manifest.app.version})`,
      result: {
        message:
          options.adminId === undefined
            ? 'The backup was restored. Sign in again with an account from the backup.'
            : 'The backup was restored. Sign in again: your own account is as it was.',
        summary: {
          createdAt: manifest.createdAt,
          appVersion: manifest.app.version,
          tables: manifest.tables.length,
          rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
          files: manifest.files.length,
        },
        twoFactorCleared: kept.twoFactorCleared,
        adminsDisabled: kept.adminsDisabled,
      },
    };
  } finally {
    release();
  }
}
