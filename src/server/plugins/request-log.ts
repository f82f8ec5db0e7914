import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Which requests get a log line (env ACCESS_LOG): `notable` (the default) logs writes, errors and
 * slow answers only; `all` every request, as an access log; `off` none. Fastify's own two lines
 * per request ("incoming request", "request completed") halved what a cached page could serve
 * and wrote gigabytes under load (issue 31).
 */
export type AccessLog = 'notable' | 'all' | 'off';

/** An answer slower than this is logged whatever it was. */
export const SLOW_MS = 1000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Is this answer worth a line under `notable`? */
export function isNotable(method: string, url: string, status: number, ms: number): boolean {
  if (status >= 500 || ms >= SLOW_MS || !READS.has(method)) return true;
  // A refused API call (401, 403, 409, 429...) tells the operator something; a page's 404 does not.
  return status >= 400 && status !== 404 && url.startsWith('/api/');
}

export default fp(
  async function requestLog(app: FastifyInstance, opts: { accessLog?: AccessLog }) {
    const mode = opts.accessLog ?? 'notable';
    if (mode === 'off') return;
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const ms = reply.elapsedTime;
      const status = reply.statusCode;
      if (mode === 'all' || isNotable(request.method, request.url, status, ms)) {
        const line = { method: request.method, url: request.url, status, ms: Math.round(ms), ip: request.ip };
        const text = `${request.method} ${request.url} ${status} ${Math.round(ms)} ms`;
        if (status >= 500) request.log.error(line, text);
        else if (ms >= SLOW_MS) request.log.warn(line, `${text} (slow)`);
        else request.log.info(line, text);
      }
      done();
    });
  },
  { name: 'request-log' },
);
