import { defineConfig } from 'vitest/config';

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
