import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  BackupConfirmSchema,
  BackupDownloadSchema,
  BackupPassphraseSchema,
  BackupScheduleSchema,
  RESTORE_CONFIRM_HEADER,
  RestoreConfirmSchema,
  type BackupsOverview,
  type RestoreResult,
} from '../../../shared/schemas/backup.ts';
import { notFound } from '../../errors.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { BACKUP_NAME, backupFileName } from './archive-format.ts';
import { ADMINS_ONLY, auditRefusal, auditSuccess, confirmAdministrator, readConfirmHeader } from './backup-access.ts';
import { backupsDir, prepareBackup } from './backup.service.ts';
import { finishInterruptedRestore, removeAbandonedWorkFolders } from './restore.service.ts';
import { BackupScheduler } from './backup-scheduler.ts';
import { copyStatus, copyTargetsFromEnv } from './offsite-copy.ts';
import { ARCHIVE_TYPES, missingArchive, operationGate, restoreUploadedArchive } from './restore-upload.ts';
import {
  getSchedule,
  hasScheduledPassphrase,
  listBackups,
  nextSlot,
  saveSchedule,
  saveScheduledPassphrase,
} from './schedule.service.ts';

const uploads = new WeakMap<FastifyRequest, Readable>();

declare module 'fastify' {
  interface FastifyInstance {
    /** Daily backups (tests call its tick). */
    backupScheduler: BackupScheduler;
  }
}

async function backupsRoutes(app: FastifyInstance) {
  // A backup holds every account's password hash and every enquiry, and a restore replaces
  // everything: administrators only, each download and restore confirmed again (backup-access.ts).
  const signedIn = { preHandler: app.requireUser() };
  const adminOnly = { preHandler: app.requireAdministrator('settings', 'read', ADMINS_ONLY) };
  const gate = operationGate(app);
  const scheduler = new BackupScheduler(app, gate, copyTargetsFromEnv());
  app.decorate('backupScheduler', scheduler);

  app.addHook('onReady', async () => {
    const outcome = await finishInterruptedRestore(app.db, app.dataDir, app.storage).catch((err: unknown) => {
      app.log.error({ err }, 'could not finish an interrupted restore');
      return 'none';
    });
    if (outcome !== 'none') app.log.warn(`an interrupted restore was ${outcome} at start`);
    if (outcome === 'finished') app.secretBox.reload();
    const abandoned = await removeAbandonedWorkFolders(app.dataDir).catch(() => []);
    if (abandoned.length) app.log.warn({ folders: abandoned }, 'removed the work folders of a restore stopped while unpacking');
    scheduler.start();
  });
  app.addHook('onClose', async () => scheduler.stop());

  app.get('/api/backups', adminOnly, async (): Promise<BackupsOverview> => {
    const schedule = await getSchedule(app.db);
    const timeZone = (await getSchoolProfile(app.db)).timezone;
    return {
      data: await listBackups(app.dataDir),
      schedule,
      nextRunAt: schedule.enabled ? nextSlot(new Date(), schedule.hour, timeZone).toISOString() : null,
      database: app.database.kind,
      busy: gate.busy,
      passphraseSet: await hasScheduledPassphrase(app.db),
      copy: await copyStatus(app.db, scheduler.copyTargets, schedule, timeZone),
    };
  });

  /** A backup made now, streamed as it is packed (the page saves the answer as a file). */
  app.post('/api/backups/archive', signedIn, async (request, reply) => {
    const file = backupFileName(new Date(), false, (await getSchoolProfile(app.db)).timezone);
    const input = await confirmAdministrator(app, request, 'download', () => BackupDownloadSchema.parse(request.body ?? {}), {
      file,
    });
    const release = gate.take('backup');
    let prepared;
    try {
      prepared = await prepareBackup(app.database.current, app.dataDir, app.storage, {
        passphrase: input.passphrase || undefined,
      });
    } catch (error) {
      release();
      throw error;
    }
    let bytes = 0;
    const counted = prepared.stream().pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
    );
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      release();
      void prepared.cleanup();
      void auditSuccess(app, request, 'backup-download', {
        file,
        bytes,
        details: { keySealed: Boolean(prepared.manifest.secretKey), complete: counted.readableEnded },
      }).catch((err: unknown) => request.log.error({ err }, 'could not record a backup download'));
    };
    // Whichever comes first: the archive fully sent, or the browser gone mid-download.
    counted.once('close', done);
    reply.raw.once('close', done);
    counted.once('error', (err) => request.log.error({ err }, 'backup stream failed'));
    request.log.info({ tables: prepared.manifest.tables.length, files: prepared.manifest.files.length }, 'backup download');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'no-store')
      .send(counted);
  });

  app.post<{ Params: { name: string } }>('/api/backups/files/:name', signedIn, async (request, reply) => {
    const { name } = request.params;
    const path = join(backupsDir(app.dataDir), name);
    const known = BACKUP_NAME.test(name) && existsSync(path);
    await confirmAdministrator(app, request, 'download', () => BackupConfirmSchema.parse(request.body ?? {}), {
      file: name.slice(0, 100),
    });
    if (!known) throw notFound('The backup');
    const bytes = (await stat(path)).size;
    await auditSuccess(app, request, 'backup-download', { file: name, bytes });
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', bytes)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(path));
  });

  app.put('/api/backups/schedule', adminOnly, async (request) => {
    const schedule = await saveSchedule(app.db, BackupScheduleSchema.parse(request.body ?? {}));
    return { message: schedule.enabled ? 'Daily backups are on.' : 'Daily backups are off.', data: schedule };
  });

  /** The passphrase daily backups seal their key with ('' removes it). */
  app.put('/api/backups/passphrase', signedIn, async (request) => {
    const input = await confirmAdministrator(app, request, 'passphrase', () => BackupPassphraseSchema.parse(request.body ?? {}));
    await saveScheduledPassphrase(app.db, app.secretBox, input.passphrase);
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity: 'backup',
      title: 'Daily backups passphrase',
      details: { passphraseSet: Boolean(input.passphrase) },
    });
    return {
      message: input.passphrase
        ? 'Daily backups now seal their two-factor key with this passphrase.'
        : 'Daily backups now leave the two-factor key out.',
    };
  });

  await app.register(async (restore) => {
    restore.removeAllContentTypeParsers();
    restore.addContentTypeParser(ARCHIVE_TYPES, (request, payload, done) => {
      uploads.set(request, payload as Readable);
      done(null, { archive: true });
    });
    restore.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    /**
     * The archive is the request body (`application/gzip`), unpacked and checked as it arrives; the
     * administrator's confirmation and the backup's passphrase travel in the X-Backup-Confirm header.
     */
    restore.post('/api/backups/restore', async (request): Promise<RestoreResult> => {
      const body = uploads.get(request);
      let confirm;
      try {
        const size = Number(request.headers['content-length']);
        confirm = await confirmAdministrator(
          app,
          request,
          'restore',
          () => RestoreConfirmSchema.parse(readConfirmHeader(request.headers[RESTORE_CONFIRM_HEADER])),
          Number.isFinite(size) ? { bytes: size } : {},
        );
        if (!body) throw missingArchive();
      } catch (error) {
        body?.resume();
        throw error;
      }
      const adminId = request.user!.id;
      const restored = await restoreUploadedArchive(app, body, request.log, {
        adminId,
        passphrase: confirm.passphrase,
        name: confirm.name,
      }).catch(async (error: unknown) => {
        await auditRefusal(app, request, 'restore', { file: confirm.name }, 'archive-refused');
        throw error;
      });
      await auditSuccess(app, request, 'backup-restore', {
        title: restored.title,
        file: confirm.name,
        bytes: restored.bytes,
        details: { twoFactorCleared: restored.result.twoFactorCleared, adminsDisabled: restored.result.adminsDisabled.length },
      });
      return restored.result;
    });
  });
}

// Not encapsulated: the scheduler is reachable from the app (tests tick it); the restore route's body parser stays in its own scope.
export default fp(backupsRoutes, { name: 'backups' });
