// `npm run install:school -- --school-name ...`: the non-interactive install (same service as the
// wizard). Options and INSTALL_* variables: `npm run install:school -- --help`.
import { join, resolve } from 'node:path';
import { rerunWithMemorySettings } from './lib/server-memory.mjs';

// The server's memory settings (scripts/lib/server-memory.mjs): the install seeds as the server does.
await rerunWithMemorySettings();

const root = resolve(import.meta.dirname, '..');
const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'src/server/modules/install/install.cli.ts'));
