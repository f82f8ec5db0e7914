import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, conflict, forbidden } from '../../errors.ts';
import { DatabaseDetailsSchema, type InstallStatus } from '../../../shared/schemas/install.ts';
import { DatabaseTestError, testDatabaseConnection } from './database-test.ts';
import { ALREADY_INSTALLED, installSchool } from './install.service.ts';
import { limitRetryAfter, recordLimitHit } from '../../db/limit-hits.ts';
import { isLocalRequest, SETUP_CODE_LIMIT, setupCodeMatches } from './setup-code.ts';

const SETUP_CODE_HEADER = 'x-setup-code';
const WRONG_CODE = 'The setup code is missing or wrong. Copy it from the server log (the line "Sprout is not installed yet").';

export default async function installRoutes(app: FastifyInstance) {
  /** DESIGN §4: installed → 409 for everybody; otherwise a remote caller must give the setup code. */
  async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (await app.installState.isInstalled()) throw conflict(ALREADY_INSTALLED);
    if (isLocalRequest(request)) return;
    const wait = await limitRetryAfter(app.db, SETUP_CODE_LIMIT, request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new AppError(
        429,
        'TOO_MANY_ATTEMPTS',
        `Too many wrong setup codes. Please try again in ${Math.ceil(wait / 60)} minutes.`,
      );
    }
    const header = request.headers[SETUP_CODE_HEADER];
    const fromBody = (request.body as { setupCode?: unknown } | undefined)?.setupCode;
    const given = typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : undefined;
    if (!setupCodeMatches(app.installState.setupCode, given)) {
      await recordLimitHit(app.db, SETUP_CODE_LIMIT, request.ip);
      throw forbidden(WRONG_CODE);
    }
  }

  app.get('/api/install/status', async (request, reply): Promise<InstallStatus> => {
    reply.header('cache-control', 'no-store');
    const installed = await app.installState.isInstalled();
    return {
      installed,
      needsSetupCode: !installed && !isLocalRequest(request),
      database: app.database.kind,
      databaseConfigured: app.installState.databaseConfigured,
    };
  });

  app.post('/api/install/check-code', async (request, reply) => {
    z.object({ setupCode: z.string().max(100).optional() }).parse(request.body ?? {});
    await guard(request, reply);
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
}
