import { z } from 'zod';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** `notable` (writes, errors, answers over a second), `all` (an access log) or `off`. */
  ACCESS_LOG: z.enum(['notable', 'all', 'off']).default('notable'),
  SMTP_URL: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * Strict-Transport-Security while the site address is https://: `on` (the default, one year),
   * `off`, or a max-age in seconds (`0` tells browsers to forget it).
   */
  HSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseHsts(value);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: 'must be on, off, or a max-age in seconds (e.g. 31536000)' });
        return z.NEVER;
      }
      return parsed;
    }),
  /** The key that seals two-factor secrets; the same on every process of one school. */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  /**
   * On SIGTERM, how long /api/ready answers 503 before the server stops taking requests, so a load
   * balancer stops sending new ones first. Default: 5000 on PostgreSQL, 0 on the built-in database
   * (one process, no balancer).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  NODE_ENV: z.string().optional(),
});

const TRUST_PROXY_HELP =
  'must be the number of proxies in front of the server (1 for one nginx), or their addresses (e.g. 127.0.0.1,10.0.0.0/8)';

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the server (`1` or `true`: one), or
 * their addresses and networks. Never "every hop": the client writes the leftmost
 * X-Forwarded-For entries itself, so only the ones added by our own proxies are believed.
 * Returns false when unset or off, null when it cannot be read.
 */
export function parseTrustProxy(value: string | undefined): number | string | false | null {
  const v = value?.trim().toLowerCase();
  if (!v || v === '0' || v === 'false' || v === 'off' || v === 'no') return false;
  if (v === 'true' || v === 'yes' || v === 'on') return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const parts = v.split(',').map((p) => p.trim());
  const address = /^(?:[0-9.]{7,15}|[0-9a-f:.]{2,45}|loopback|linklocal|uniquelocal)(?:\/\d{1,3})?$/;
  return parts.length <= 50 && parts.every((p) => address.test(p)) ? parts.join(',') : null;
}

/** HSTS: a max-age in seconds, false for off, null when it cannot be read. Unset or on: one year. */
export function parseHsts(value: string | undefined): number | false | null {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'on' || v === 'true' || v === 'yes') return 31_536_000;
  if (v === 'off' || v === 'false' || v === 'no') return false;
  return /^\d{1,9}$/.test(v) ? Number(v) : null;
}

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment once; exits with a list of what is wrong. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blanked = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(blanked);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new Error(`Invalid environment:\n${problems.join('\n')}`);
}
