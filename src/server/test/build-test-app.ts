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
