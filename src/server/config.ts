import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { DbHandle } from './db/client.ts';
import type { Env } from './env.ts';
import type { Storage } from './storage/storage.ts';
import type { AccessLog } from './plugins/request-log.ts';

/** What buildApp needs; main.ts derives it from the environment, tests build it by hand. */
export interface AppConfig {
  dataDir: string;
  /** postgres:// URL; when absent the built-in database (PGlite under dataDir/db) is used. */
  databaseUrl?: string;
  /** An already opened database (tests); buildApp then neither opens nor migrates one. */
  database?: DbHandle;
  /** Where uploads live; by default from S3_* (env), else DATA_DIR/uploads. */
  storage?: Storage;
  publicUrl?: string;
  logLevel: string;
  /** Readable lines for a person at a terminal; JSON lines for a service manager or a log collector. */
  logFormat?: 'pretty' | 'json';
  /** Which requests are logged: writes, errors and slow ones (default), all, or none. */
  accessLog?: AccessLog;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Vite middleware and on-the-fly SSR instead of the production build. */
  dev?: boolean;
  /** Serve the site's pages (SSR and the back-office shell). Off for pure API tests. */
  pages?: boolean;
  smtpUrl?: string;
  /** Fastify's trustProxy: the number of proxies in front, or their addresses (env.ts parseTrustProxy). */
  trustProxy?: number | string | false;
  /** Seals the second factors' secrets; without it, DATA_DIR/secret.key (made on first use). */
  secretKey?: string;
  /** Strict-Transport-Security's max-age while the site address is https (env HSTS); false: never sent. */
  hstsMaxAge?: number | false;
  /** Fixed setup code (tests); otherwise a random one is made and logged at start. */
  setupCode?: string;
}

/** `DATA_DIR/config.json`, written by the installer (mode 0600). Environment variables win over it. */
export const StoredConfigSchema = z.object({
  databaseUrl: z.string().optional(),
});
export type StoredConfig = z.infer<typeof StoredConfigSchema>;

export const storedConfigPath = (dataDir: string) => join(dataDir, 'config.json');

export function readStoredConfig(dataDir: string): StoredConfig {
  const path = storedConfigPath(dataDir);
  if (!existsSync(path)) return {};
  const parsed = StoredConfigSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

export function configFromEnv(env: Env, dev = false): AppConfig {
  const dataDir = resolve(env.DATA_DIR);
  const stored = readStoredConfig(dataDir);
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL ?? stored.databaseUrl,
    publicUrl: env.PUBLIC_URL,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    accessLog: env.ACCESS_LOG,
    smtpUrl: env.SMTP_URL,
    trustProxy: env.TRUST_PROXY,
    secretKey: env.SECRET_KEY,
    hstsMaxAge: env.HSTS,
    dev,
    pages: true,
  };
}
