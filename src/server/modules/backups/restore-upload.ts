import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RestoreResult } from '../../../shared/schemas/backup.ts';
import { AppError, badRequest } from '../../errors.ts';
import { ArchiveError } from './archive-format.ts';
import { OperationGate } from './operation-gate.ts';
import { restoreArchive, unpackArchive } from './restore.service.ts';

/** Archive uploads: the request body is the `.tar.gz` itself, read as a stream by the restore. */
export const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream', 'application/x-tar'];

const gates = new WeakMap<object, OperationGate>();
/** One backup or restore at a time per server, whichever screen started it (Settings > Backups or the install wizard). */
export function operationGate(app: FastifyInstance): OperationGate {
  const root = app.database; // the same object in every plugin context of one server
  let gate = gates.get(root);
  if (!gate) gates.set(root, (gate = new OperationGate()));
  return gate;
}

export const missingArchive = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the backup file itself as the body (Content-Type: application/gzip).');

/**
 * Checks and restores an uploaded archive (database and uploads), then has the server read the
 * restored secret.key. Damaged, foreign and refused archives answer 400 with the reason.
 */
export async function restoreUploadedArchive(
  app: FastifyInstance,
  body: Readable,
  log: FastifyBaseLogger,
): Promise<RestoreResult> {
  const release = operationGate(app).take('restore');
  try {
    const archive = await unpackArchive(body, app.dataDir).catch((error: unknown) => {
      body.resume();
      throw error instanceof ArchiveError ? badRequest(error.message) : error;
    });
    const started = Date.now();
    await restoreArchive(app.db, app.dataDir, archive, app.storage).catch((error: unknown) => {
      throw error instanceof ArchiveError ? badRequest(error.message) : error;
    });
    app.secretBox.reload();
    const { manifest } = archive;
    log.warn({ createdAt: manifest.createdAt, ms: Date.now() - started }, 'database and uploads restored from a backup');
    return {
      message: 'The backup was restored. Sign in again with an account from the backup.',
      summary: {
        createdAt: manifest.createdAt,
        appVersion: manifest.app.version,
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
        files: manifest.files.length,
      },
    };
  } finally {
    release();
  }
}
