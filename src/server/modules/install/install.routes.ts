import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, conflict, forbidden } from '../../errors.ts';
import { DatabaseDetailsSchema, InstallPasswordCheckSchema, type InstallStatus } from '../../../shared/schemas/install.ts';
import { DatabaseTestError, testDatabaseConnection } from './database-test.ts';
import { ALREADY_INSTALLED, assertAdminPassword, installSchool } from './install.service.ts';
import { admitAttempt } from '../../db/limit-hits.ts';
import { isInstalled } from './install-state.ts';
import { SETUP_CODE_LIMIT, setupCodeMatches } from './setup-code.ts';
import type { Readable } from 'node:stream';
import { ARCHIVE_TYPES, missingArchive, restoreUploadedArchive } from '../backups/restore-upload.ts';
import { InstallRestoreOptionsSchema, RESTORE_CONFIRM_HEADER, type RestoreResult } from '../../../shared/schemas/backup.ts';
import { auditSuccess, readConfirmHeader } from '../backups/backup-access.ts';

const SETUP_CODE_HEADER = 'x-setup-code';
const WRONG_CODE = 'The setup code is missing or wrong. Copy it from the server log (the line "Sprout is not installed yet").';

export default async function installRoutes(app: FastifyInstance) {
  /**
   * DESIGN §4: installed → 409 for everybody; otherwise every caller gives the setup code, on the
   * server itself too (behind a bare `proxy_pass` every visitor looks local). `npm start` prints
   * the wizard's address with the code in it; `npm run install:school` needs none.
   */
  async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (await app.installState.isInstalled()) throw conflict(ALREADY_INSTALLED);
    // Counted before the code is compared, in one step: a burst of guesses is cut at the limit.
    const attempt = await admitAttempt(app.db, SETUP_CODE_LIMIT, request.ip);
    if (attempt.retryAfter > 0) {
      reply.header('retry-after', String(attempt.retryAfter));
      throw new AppError(
        429,
        'TOO_MANY_ATTEMPTS',
        `Too many wrong setup codes. Please try again in ${Math.ceil(attempt.retryAfter / 60)} minutes.`,
      );
    }
    const header = request.headers[SETUP_CODE_HEADER];
    const fromBody = (request.body as { setupCode?: unknown } | undefined)?.setupCode;
    const given = typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : undefined;
    if (!setupCodeMatches(app.installState.setupCode, given)) throw forbidden(WRONG_CODE);
    await attempt.forgive();
  }

  app.get('/api/install/status', async (_request, reply): Promise<InstallStatus> => {
    reply.header('cache-control', 'no-store');
    const installed = await app.installState.isInstalled();
    return {
      installed,
      needsSetupCode: !installed,
      database: app.database.kind,
      databaseConfigured: app.installState.databaseConfigured,
    };
  });

  app.post('/api/install/check-code', async (request, reply) => {
    z.object({ setupCode: z.string().max(100).optional() }).parse(request.body ?? {});
    await guard(request, reply);
    return { ok: true };
  });

  // The administrator step refuses a weak password before Finish, by the policy Finish applies.
  app.post('/api/install/check-password', async (request, reply) => {
    const { admin, schoolName } = InstallPasswordCheckSchema.parse(request.body ?? {});
    await guard(request, reply);
    await assertAdminPassword(admin, schoolName);
    return { ok: true };
  });

  // A test that ran and failed is an answer, not a client error: 200 with ok:false and the reason.
  app.post('/api/testDatabaseDetails', async (request, reply) => {
    await guard(request, reply);
    const details = DatabaseDetailsSchema.parse(request.body);
    try {
      const { version } = await testDatabaseConnection(details);
      return { ok: true, message: 'Connection successful', version };
    } catch (error) {
      if (!(error instanceof DatabaseTestError)) throw error;
      return { ok: false, error: error.message, reason: error.reason };
    }
  });

  app.post('/api/install', async (request, reply) => {
    await guard(request, reply);
    try {
      const result = await installSchool(
        {
          database: app.database,
          dataDir: app.installState.dataDir,
          databaseConfigured: app.installState.databaseConfigured,
          onInstalled: () => app.installState.markInstalled(),
        },
        request.body,
      );
      request.log.info({ database: result.database }, 'Sprout installed');
      await app.siteAddress.reload();
      return reply.code(201).send({ ok: true, message: 'Installation complete', database: result.database });
    } catch (error) {
      if (error instanceof AppError && error.status >= 500) request.log.error({ err: error }, 'installation failed');
      throw error;
    }
  });

  /**
   * "Restore a backup" instead of a new school: a school that wiped its machine installs Sprout
   * again and brings everything back from its archive. Same guard as the other steps (not yet
   * installed; the setup code from another machine, in the X-Setup-Code header since the body is
   * the archive). The archive goes into the database this server uses now.
   */
  await app.register(async (restore) => {
    const uploads = new WeakMap<FastifyRequest, Readable>();
    restore.removeAllContentTypeParsers();
    restore.addContentTypeParser(ARCHIVE_TYPES, (request, payload, done) => {
      uploads.set(request, payload as Readable);
      done(null, { archive: true });
    });
    restore.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    restore.post('/api/install/restore', async (request, reply): Promise<RestoreResult> => {
      const body = uploads.get(request);
      try {
        await guard(request, reply);
        if (!body) throw missingArchive();
      } catch (error) {
        body?.resume();
        throw error;
      }
      // The backup's passphrase (opens its two-factor key) and file name, as the back office sends them.
      const options = InstallRestoreOptionsSchema.parse(readConfirmHeader(request.headers[RESTORE_CONFIRM_HEADER]));
      const restored = await restoreUploadedArchive(app, body, request.log, options);
      await auditSuccess(app, request, 'backup-restore', { title: restored.title, file: options.name, bytes: restored.bytes });
      if (await isInstalled(app.db)) app.installState.markInstalled();
      await app.siteAddress.reload();
      return restored.result;
    });
  });
}
