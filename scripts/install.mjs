// `npm run install:school -- --school-name ...`: the non-interactive install (same service as the
// wizard). Options and INSTALL_* variables: `npm run install:school -- --help`.
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'src/server/modules/install/install.cli.ts'));
