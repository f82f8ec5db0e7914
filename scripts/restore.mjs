// `npm run restore -- ...`: see `npm run restore -- --help` and src/server/modules/backups/backups.cli.ts.
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const { register } = await import('tsx/esm/api');
register();
const { runCli } = await import(join(root, 'src/server/modules/backups/backups.cli.ts'));
await runCli('restore', process.argv.slice(2));
