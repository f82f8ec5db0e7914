import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { parseEnv } from './env.ts';

// The heap may grow by half its live size before a collection, not by up to four times: under load
// an instance otherwise holds 150 MB of garbage around 40 MB of live data. V8 reads this at each
// collection, so setting it here works (docs/decisions/0014-compiled-server.md).
setFlagsFromString('--heap-growing-percent=50');

async function main() {
  const env = parseEnv();
  const dev = process.argv.includes('--dev');
  const started = performance.now();
  const app = await buildApp(configFromEnv(env, dev));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM from a service manager or an orchestrator: first tell the load balancer (readiness
    // fails) and keep serving while it notices. Ctrl-C at a terminal stops at once.
    const drainMs = signal === 'SIGTERM' ? (env.SHUTDOWN_DRAIN_MS ?? (app.database.kind === 'pg' ? 5000 : 0)) : 0;
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    if (drainMs > 0) {
      app.draining = true;
      app.log.info({ signal, drainMs }, 'draining: /api/ready answers 503 while the load balancer takes this instance out');
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `Sprout is ready on port ${env.PORT} (${app.database.kind} database) in ${Math.round(performance.now() - started)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
