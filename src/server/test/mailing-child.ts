// The app as a child process that sends mailings (mailings-crash.test.ts): on the built-in database
// folder under DATA_DIR, or on PostgreSQL at DATABASE_URL, with SMTP_URL and SPROUT_MAILING_* from
// its environment. Prints `ready <port>` once listening; SIGTERM closes it gracefully.
import { buildApp } from '../app.ts';

const app = await buildApp({
  dataDir: process.env.DATA_DIR!,
  databaseUrl: process.env.DATABASE_URL || undefined,
  logLevel: process.env.LOG_LEVEL || 'silent',
  pages: false,
  setupCode: 'mailing-test',
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
const address = app.server.address();
process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
