// The app as a child process on a built-in database folder (DATA_DIR), for tests that kill it
// (crash-durability.test.ts). Prints `ready <port>` once listening.
import { buildApp } from '../app.ts';

const app = await buildApp({ dataDir: process.env.DATA_DIR!, logLevel: 'silent', pages: false, setupCode: 'crash-test' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
