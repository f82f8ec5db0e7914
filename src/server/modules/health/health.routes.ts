import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM (main.ts): readiness fails while requests are still served. */
    draining: boolean;
  }
}

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ({ status: 'ok', uptime: Math.round(process.uptime()) }));

  // Public: says whether the database answers, never the driver's message (it names the database).
  app.get('/api/ready', async (request, reply) => {
    if (app.draining) {
      return reply.code(503).header('retry-after', '5').send({ status: 'draining', database: app.database.kind });
    }
    try {
      await withTimeout(app.database.ping(), 3000);
      return { status: 'ready', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable', database: app.database.kind, error: `Database not reachable${reasonOf(error)}.` });
    }
  });
}

/** Why the database does not answer, in words an operator can act on (never its name or address). */
function reasonOf(error: unknown): string {
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.message?.startsWith('no answer within')) return ': no answer within 3 seconds';
    switch (e.code) {
      case '55000':
        return ': it is not accepting connections now';
      case '57P01':
      case '57P02':
        return ': the server ended the connection (shutting down, or an administrator)';
      case '57P03':
        return ': the server is starting up';
      case '53300':
        return ': too many connections';
      case '3D000':
        return ': the database does not exist';
      case '28P01':
      case '28000':
        return ': the server refused the credentials';
      case 'ECONNREFUSED':
        return ': nothing answers at its address';
      case 'ENOTFOUND':
      case 'EHOSTUNREACH':
        return ': its host cannot be reached';
    }
    if (/PGlite is closed|Cannot use a pool after calling end/i.test(e.message ?? '')) return ': it is closed';
    if (/Connection terminated|connection.*(closed|ended)/i.test(e.message ?? '')) return ': the connection was cut';
  }
  return '';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
