import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every /api answer is `Cache-Control: no-store` unless its route sets its own header: many depend
 * on the session (drafts, the inbox, the signed-in user), and a shared or browser cache must not
 * keep them. Set before the route runs, so a route that means to be cached simply overrides it.
 */
export default fp(
  async function apiCacheControl(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'api-cache-control' },
);
