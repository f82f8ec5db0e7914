import { defineConfig } from 'vitest/config';
import { SERVER_MEMORY_ENV } from './scripts/lib/server-memory.mjs';

// The test processes (forks of this one) start with `npm start`'s memory settings, so that the
// memory the tests measure is the server's.
for (const [name, value] of Object.entries(SERVER_MEMORY_ENV)) process.env[name] ??= value;

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/fail-on-console-error.ts'],
          pool: 'forks',
          // Every core: Vitest's default leaves one idle (one worker on a two-core machine), while a
          // test file mostly waits on its database's thread. Two workers took the PGlite run from
          // 8.3 to 5.9 min on two cores, and the PostgreSQL run to 3.5 min.
          maxWorkers: '100%',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['src/server/test/fail-on-console-error.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's first load on a busy two-core machine can take several seconds (the CI run
          // builds and runs PostgreSQL beside the browser); a one-second poll made tests flaky.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
