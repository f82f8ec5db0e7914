import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BackupScheduleSchema, type BackupsOverview, type RestoreResult } from '../../../shared/schemas/backup.ts';
import { notFound } from '../../errors.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { BACKUP_NAME, backupFileName } from './archive-format.ts';
import { backupsDir, prepareBackup } from './backup.service.ts';
import { finishInterruptedRestore, removeAbandonedWorkFolders } from './restore.service.ts';
import { BackupScheduler } from './backup-scheduler.ts';
import { ARCHIVE_TYPES, missingArchive, operationGate, restoreUploadedArchive } from './restore-upload.ts';
import { getSchedule, listBackups, nextSlot, saveSchedule } from './schedule.service.ts';

const uploads = new WeakMap<FastifyRequest, Readable>();

declare module 'fastify' {
  interface FastifyInstance {
    /** Daily backups (tests call its tick). */
    backupScheduler: BackupScheduler;
  }
}

async function backupsRoutes(app: FastifyInstance) {
  // A backup holds every account's password hash and every enquiry: more than reading settings.
  const canBackup = { preHandler: app.requirePermission('settings', 'write') };
  const canRestore = { preHandler: app.requirePermission('settings', 'delete') };
  const gate = operationGate(app);
  const scheduler = new BackupScheduler(app, gate);
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

  app.get('/api/backups', canBackup, async (): Promise<BackupsOverview> => {
    const schedule = await getSchedule(app.db);
    const timeZone = (await getSchoolProfile(app.db)).timezone;
    return {
      data: await listBackups(app.dataDir),
      schedule,
      nextRunAt: schedule.enabled ? nextSlot(new Date(), schedule.hour, timeZone).toISOString() : null,
      database: app.database.kind,
      busy: gate.busy,
    };
  });

  /** A backup made now, streamed as it is packed (a link in the page downloads it straight to disk). */
  app.get('/api/backups/archive', canBackup, async (request, reply) => {
    const release = gate.take('backup');
    let prepared;
    try {
      prepared = await prepareBackup(app.database.current, app.dataDir, app.storage);
    } catch (error) {
      release();
      throw error;
    }
    const stream = prepared.stream();
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      release();
      void prepared.cleanup();
    };
    // Whichever comes first: the archive fully sent, or the browser gone mid-download.
    stream.once('close', done);
    reply.raw.once('close', done);
    stream.once('error', (err) => request.log.error({ err }, 'backup stream failed'));
    request.log.info({ tables: prepared.manifest.tables.length, files: prepared.manifest.files.length }, 'backup download');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${backupFileName()}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.get<{ Params: { name: string } }>('/api/backups/files/:name', canBackup, async (request, reply) => {
    const { name } = request.params;
    const path = join(backupsDir(app.dataDir), name);
    if (!BACKUP_NAME.test(name) || !existsSync(path)) throw notFound('The backup');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', (await stat(path)).size)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(path));
  });

  app.put('/api/backups/schedule', canBackup, async (request) => {
    const schedule = await saveSchedule(app.db, BackupScheduleSchema.parse(request.body ?? {}));
    return { message: schedule.enabled ? 'Daily backups are on.' : 'Daily backups are off.', data: schedule };
  });

  await app.register(async (restore) => {
    restore.removeAllContentTypeParsers();
    restore.addContentTypeParser(ARCHIVE_TYPES, (request, payload, done) => {
      uploads.set(request, payload as Readable);
      done(null, { archive: true });
    });
    restore.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    /** The archive is the request body (`application/gzip`), unpacked and checked as it arrives. */
    restore.post('/api/backups/restore', canRestore, async (request): Promise<RestoreResult> => {
      const body = uploads.get(request);
      if (!body) throw missingArchive();
      return restoreUploadedArchive(app, body, request.log);
    });
  });
}

// Not encapsulated: the scheduler is reachable from the app (tests tick it); the restore route's body parser stays in its own scope.
export default fp(backupsRoutes, { name: 'backups' });
