import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ({ status: 'ok', uptime: Math.round(process.uptime()) }));

  app.get('/api/ready', async (_request, reply) => {
    try {
      await withTimeout(app.database.ping(), 3000);
      return { status: 'ready', database: app.database.kind };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return reply
        .code(503)
        .send({ status: 'unavailable', database: app.database.kind, error: `Database not reachable: ${reason}` });
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
