import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppConfig } from './config.ts';
import { notFound } from './errors.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import errorHandler from './plugins/error-handler.ts';
import renderPlugin from './plugins/render.ts';
import securityHeaders, { answerClientError, answerFrameworkError } from './plugins/security-headers.ts';
import { registerModules } from './modules/routes.ts';
import privateMedia from './plugins/private-media.ts';
import { SecretBox } from './modules/two-factor/secret-box.ts';
import { forgetSecuritySettings } from './modules/security/security-settings.service.ts';
import installGate from './plugins/install-gate.ts';
import siteAddress from './plugins/site-address.ts';
import siteChanges from './plugins/site-changes.ts';
import requestLog from './plugins/request-log.ts';
import { errorWithoutValues } from './log-serializers.ts';
import { trustProxyOption } from './proxy-trust.ts';
import { uploadsDir } from './modules/media/media.service.ts';
import { openStorage, type Storage } from './storage/storage.ts';
import { isValidHostHeader, normaliseRequestUrl } from './request-url.ts';

/** Set by rewriteUrl on a request whose URL cannot be read; answered 400 before anything else. */
const BAD_URL = Symbol('bad-url');
type RawRequest = FastifyRequest['raw'] & { [BAD_URL]?: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method and URL pattern): the authorization matrix test reads it. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
  }
}

/** JSON bodies above this are refused with 413 (uploads have their own limits). */
export const BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly { method: string; url: string }[];
    /** Seals the TOTP secrets (key outside the database). */
    secretBox: SecretBox;
    /** Uploads: DATA_DIR/uploads, or the S3 bucket every instance shares. */
    storage: Storage;
  }
}

/** The whole application: plugins first, then modules. Used by main.ts and by tests. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(config.logStream ? { stream: config.logStream } : {}),
            redact: {
              paths: [
                'req.headers.cookie',
                'req.headers.authorization',
                '*.password',
                '*.newPassword',
                '*.currentPassword',
                '*.confirmPassword',
                '*.passwordHash',
                '*.password_hash',
                '*.secret',
                '*.otpauthUrl',
                '*.qrSvg',
                '*.recoveryCodes',
              ],
              censor: '[hidden]',
            },
            ...(config.logFormat === 'pretty' && !config.logStream
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
                  },
                }
              : {}),
            serializers: { err: errorWithoutValues as (error: Error) => { type: string; message: string; stack: string } },
          },
    // One line per notable request instead of Fastify's two per request (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // A request without a Host gets the Host check's 400 below, with the security headers, not Node's bare one.
    http: { requireHostHeader: false },
    genReqId: () => randomUUID(),
    // A number of hops or the proxies' addresses, never `true`: with `true` the leftmost
    // X-Forwarded-For entry, which the client writes, became request.ip.
    trustProxy: trustProxyOption(config.trustProxy),
    rewriteUrl(req) {
      const url = normaliseRequestUrl(req.url ?? '/');
      if (url !== null) return url;
      (req as RawRequest)[BAD_URL] = true;
      return '/';
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Answers made before any hook runs carry the security headers too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // In-flight requests finish on close; keep-alive sockets are closed so shutdown is quick.
    forceCloseConnections: 'idle',
    // Creating the built-in database on first start takes seconds (initdb), more on a busy or small machine.
    pluginTimeout: 120_000,
  });

  // Every route's method and path, for the tests that must cover each one (fuzzing, permissions).
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  await app.register(errorHandler);
  await app.register(requestLog, { accessLog: config.accessLog });
  // First of all hooks, so every answer carries them, the 400s just below too.
  await app.register(securityHeaders, { dev: config.dev, hstsMaxAge: config.hstsMaxAge });
  // Then the URL and Host that every later check relies on.
  app.addHook('onRequest', async (request, reply) => {
    if ((request.raw as RawRequest)[BAD_URL]) {
      return reply.code(400).send({ error: 'The address of this request is not valid.' });
    }
    // The Host header itself: links follow it (site-address.ts), never X-Forwarded-Host.
    if (!isValidHostHeader(request.headers.host)) {
      return reply.code(400).send({ error: 'The Host header of this request is not valid.' });
    }
  });
  await app.register((await import('./plugins/api-cache-control.ts')).default);
  await app.register((await import('./plugins/text-guard.ts')).default);
  await app.register((await import('./plugins/api-compression.ts')).default);
  await app.register(dbPlugin, { config });
  app.decorate('dataDir', config.dataDir);
  app.decorate('draining', false);
  const storage = config.storage ?? (await openStorage(uploadsDir(config.dataDir)));
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
  app.decorate('secretBox', new SecretBox({ dataDir: config.dataDir, secretKey: config.secretKey }));
  await app.register(siteAddress, { publicUrl: config.publicUrl });
  await app.register(siteChanges);
  // Another instance's write may have changed the stored site address or the security settings.
  app.siteChanges.subscribe((_what, remote) => {
    if (!remote) return;
    void app.siteAddress.reload().catch(() => {});
    forgetSecuritySettings(app.db);
  });
  await app.register(authPlugin);
  await app.register(privateMedia);

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
