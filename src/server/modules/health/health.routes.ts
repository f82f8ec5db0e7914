import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ({ status: 'ok', uptime: Math.round(process.uptime()) }));

  // Public: says whether the database answers, never the driver's message (it names the database).
  app.get('/api/ready', async (request, reply) => {
    try {
      await withTimeout(app.database.ping(), 3000);
      return { status: 'ready', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      const timedOut = error instanceof Error && error.message.startsWith('no answer within');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          status: 'unavailable',
          database: app.database.kind,
          error: timedOut ? 'Database not reachable: no answer within 3 seconds.' : 'Database not reachable.',
        });
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
