import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppConfig } from './config.ts';
import { notFound } from './errors.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import errorHandler from './plugins/error-handler.ts';
import renderPlugin from './plugins/render.ts';
import securityHeaders from './plugins/security-headers.ts';
import { registerModules } from './modules/routes.ts';
import installGate from './plugins/install-gate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's own origin for absolute URLs (canonical, feeds): PUBLIC_URL, else the request's host. */
    siteOrigin(request: FastifyRequest): string;
  }
}

/** JSON bodies above this are refused with 413 (uploads have their own limits). */
export const BODY_LIMIT = 1024 * 1024;

/** The whole application: plugins first, then modules. Used by main.ts and by tests. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.passwordHash', '*.password_hash'],
              censor: '[hidden]',
            },
          },
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
    routerOptions: { ignoreTrailingSlash: true },
    // In-flight requests finish on close; keep-alive sockets are closed so shutdown is quick.
    forceCloseConnections: 'idle',
    // Creating the built-in database on first start takes seconds (initdb), more on a busy or small machine.
    pluginTimeout: 120_000,
  });

  await app.register(errorHandler);
  await app.register(securityHeaders, { dev: config.dev });
  await app.register((await import('./plugins/api-cache-control.ts')).default);
  await app.register(dbPlugin, { config });
  app.decorate('dataDir', config.dataDir);
  app.decorate(
    'siteOrigin',
    (request: FastifyRequest) => config.publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`,
  );
  await app.register(authPlugin);

  await app.register(installGate, { config });
  await registerModules(app);

  // Unknown API paths answer JSON, never the HTML 404 page.
  const apiNotFound = async (request: { method: string; url: string }) => {
    throw notFound(`${request.method} ${request.url.split('?')[0]}`);
  };
  app.all('/api/*', apiNotFound);
  app.setNotFoundHandler(apiNotFound);

  if (config.pages !== false) await app.register(renderPlugin, { config });
  return app;
}
