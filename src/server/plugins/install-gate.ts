import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { isInstalled } from '../modules/install/install-state.ts';
import { newSetupCode, notInstalledMessage, wizardAddress } from '../modules/install/setup-code.ts';

declare module 'fastify' {
  interface FastifyInstance {
    installState: {
      /** DESIGN §4 one-time code every install request gives (the CLI install needs none). */
      readonly setupCode: string;
      /** DATA_DIR: where the installer writes config.json and sample media. */
      readonly dataDir: string;
      /** DATABASE_URL (or config.json) named the database at start. */
      readonly databaseConfigured: boolean;
      /** Installed? Cached once true; while false, asked of the database each time (cheap, and tests install directly). */
      isInstalled(): Promise<boolean>;
      /** Called by the install service once its transaction committed. */
      markInstalled(): void;
    };
  }
}

/** API paths that answer before installation (DESIGN §4: install and health endpoints). */
const OPEN_API = new Set([
  '/api/health',
  '/api/ready',
  '/api/install',
  '/api/install/status',
  '/api/install/check-code',
  '/api/install/check-password',
  '/api/install/restore',
  '/api/testDatabaseDetails',
  '/api/school',
]);
/** Paths never redirected: the API, the wizard, built assets, uploads, Vite's dev server. */
const NOT_A_PAGE = /^\/(api|install|assets|uploads|@|src|node_modules)(\/|$)|^\/@|\.[A-Za-z0-9]+$/;

/** Until installed: pages redirect to /install, the API answers 503 except the install and health endpoints. */
export default fp(
  async function installGate(app: FastifyInstance, opts: { config: Pick<AppConfig, 'setupCode' | 'dataDir' | 'databaseUrl'> }) {
    const setupCode = opts.config.setupCode ?? process.env.SPROUT_SETUP_CODE ?? newSetupCode();
    let installed = false;
    const state = {
      setupCode,
      dataDir: opts.config.dataDir,
      databaseConfigured: Boolean(opts.config.databaseUrl),
      async isInstalled() {
        if (!installed) installed = await isInstalled(app.db);
        return installed;
      },
      markInstalled() {
        installed = true;
      },
    };
    app.decorate('installState', state);

    // Once listening (the port is known): the wizard's address with the code in it, for the person
    // at this machine to open; anyone else gives the code in the wizard.
    app.addHook('onListen', async () => {
      if (await state.isInstalled().catch(() => true)) return;
      const address = app.server.address();
      if (!address || typeof address === 'string') return;
      app.log.warn(notInstalledMessage(wizardAddress(address.address, address.port, setupCode), setupCode));
    });

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (installed) return;
      const path = request.url.split('?')[0]!;
      const isApi = path.startsWith('/api/') || path === '/api';
      if (isApi ? OPEN_API.has(path.replace(/\/$/, '')) : NOT_A_PAGE.test(path)) return;
      if (!isApi && request.method !== 'GET' && request.method !== 'HEAD') return;
      if (await state.isInstalled()) return;
      if (isApi) return reply.code(503).header('cache-control', 'no-store').send({ error: 'Not installed' });
      return reply.header('cache-control', 'no-store').redirect('/install', 302);
    });
  },
  { name: 'install-gate', dependencies: ['db'] },
);
