import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_SETUP_CODE = 'test-setup-code';

/**
 * The real app on a fresh clone of the migrated template database, with its own temporary
 * DATA_DIR. `pages: true` also serves the server-rendered site (needs `npm run build`).
 */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sprout-test-'));
  const database = await createTestDatabase();
  const app = await buildApp({
    dataDir,
    database,
    logLevel: 'silent',
    pages: false,
    setupCode: TEST_SETUP_CODE,
    ...overrides,
  });
  app.addHook('onClose', async () => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/**
 * buildTestApp with environment variables set while the app is made (the mail routes read SMTP_URL
 * and their timings from the environment when they start), then put back as they were.
 */
export async function buildTestAppWithEnv(
  env: Record<string, string>,
  overrides: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const before = Object.entries(env).map(([name]) => [name, process.env[name]] as const);
  Object.assign(process.env, env);
  try {
    return await buildTestApp(overrides);
  } finally {
    for (const [name, value] of before) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
