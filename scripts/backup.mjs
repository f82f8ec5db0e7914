// `npm run backup -- ...`: see `npm run backup -- --help` and src/server/modules/backups/backups.cli.ts.
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const { register } = await import('tsx/esm/api');
register();
const { runCli } = await import(join(root, 'src/server/modules/backups/backups.cli.ts'));
await runCli('backup', process.argv.slice(2));
