// The database thread from its TypeScript source (tests, `npm run dev`): a worker does not inherit
// the TypeScript loader, so it registers tsx first. The compiled server starts pglite-worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
