import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { needsMessage, type Action, type Module, type PermissionMap } from '../../shared/permissions.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { effectivePermissions } from '../modules/auth/permissions.service.ts';
import { SESSION_COOKIE, userForSession, type SessionUser } from '../modules/auth/sessions.service.ts';
import { TWO_FACTOR_SETUP_DUE, twoFactorSetupDue } from '../modules/two-factor/two-factor.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in active user, or null; loaded for /api requests that carry a session cookie. */
    user: SessionUser | null;
    /** Effective permissions of `user` (DESIGN §6), computed once per request. */
    permissions(): Promise<PermissionMap | null>;
    /** Whether the signed-in user holds the permission (false when signed out). */
    can(module: Module, action: Action): Promise<boolean>;
  }
  interface FastifyInstance {
    requireUser: () => preHandlerAsyncHookHandler;
    requirePermission: (module: Module, action: Action) => preHandlerAsyncHookHandler;
    /** Passes when the user has any one of the listed permissions (uploads: gallery or blog write). */
    requireAnyPermission: (...needed: Array<readonly [Module, Action]>) => preHandlerAsyncHookHandler;
    /** The permission first (its own 403 message), then the admin role: `message` for anyone else. */
    requireAdministrator: (module: Module, action: Action, message: string) => preHandlerAsyncHookHandler;
  }
}

const CROSS_SITE = 'Cross-site requests are not allowed.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEALTH_PATHS = new Set(['/api/health', '/api/ready']);

export default fp(
  async function authPlugin(app: FastifyInstance) {
    await app.register((await import('@fastify/cookie')).default);
    app.decorateRequest('user', null);
    app.decorateRequest('permissions', async function (this: FastifyRequest) {
      return null as PermissionMap | null;
    });
    app.decorateRequest('can', async function (this: FastifyRequest, module: Module, action: Action) {
      return Boolean((await this.permissions())?.[module][action]);
    });

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith('/api/')) return;
      // DESIGN §5: a write from another site's page is refused, on top of SameSite cookies.
      const origin = request.headers.origin;
      // The page's own origin is the site's address or the address the request was sent to (the
      // Host a browser sets; a page elsewhere cannot choose it).
      if (
        origin &&
        !SAFE_METHODS.has(request.method) &&
        origin !== app.siteOrigin(request) &&
        origin !== `${request.protocol}://${request.host}`
      ) {
        return reply.code(403).send({ error: CROSS_SITE, message: CROSS_SITE });
      }
      const token = request.cookies[SESSION_COOKIE];
      // Health checks answer without the database's help, whatever cookie the caller sends.
      if (!token || HEALTH_PATHS.has(request.url)) return;
      request.user = await userForSession(app.db, token);
      let cached: Promise<PermissionMap> | undefined;
      request.permissions = async () => (request.user ? (cached ??= effectivePermissions(app.db, request.user)) : null);
    });

    app.decorate('requireUser', () => async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
    });

    const requireAny = (needed: Array<readonly [Module, Action]>) => async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
      // The same as a fresh sign-in, which opens no session before a required second factor is set up.
      if (await twoFactorSetupDue(app.db, request.user))
        throw new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_SETUP_DUE);
      const permissions = await request.permissions();
      if (!needed.some(([module, action]) => permissions?.[module][action])) throw forbidden(needsMessage(needed));
    };
    app.decorate('requirePermission', (module: Module, action: Action) => requireAny([[module, action]]));
    app.decorate('requireAnyPermission', (...needed: Array<readonly [Module, Action]>) => requireAny(needed));
    app.decorate('requireAdministrator', (module: Module, action: Action, message: string) => {
      const permitted = requireAny([[module, action]]);
      return async (request: FastifyRequest) => {
        await permitted(request);
        if (request.user!.roleName !== 'admin') throw forbidden(message);
      };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
