import { eq } from 'drizzle-orm';
import {
  DEFAULT_SECURITY_SETTINGS,
  DEFAULT_TWO_FACTOR_POLICY,
  SecuritySettingsSchema,
  TwoFactorPolicySchema,
  type SecuritySettings,
  type TwoFactorPolicy,
} from '../../../shared/schemas/security.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export const SECURITY_KEY = 'security';
export const TWO_FACTOR_POLICY_KEY = 'two_factor_policy';

/**
 * Every signed-in request reads the session lifetimes: they are kept in memory for a short while
 * (this process's change at once; another instance's when its write is heard, see app.ts, or at
 * the latest after CACHE_MS).
 */
const CACHE_MS = 15_000;
type Cached<T> = { value: Promise<T>; at: number };
const caches = new WeakMap<Db, Map<string, Cached<unknown>>>();

function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key) as Cached<T> | undefined;
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = load();
  cache.set(key, { value, at: Date.now() });
  value.catch(() => cache.delete(key));
  return value;
}

/** Another instance may have changed the settings: read them again on next use. */
export const forgetSecuritySettings = (db: Db) => caches.delete(db);

async function readSetting<T>(db: Db, key: string, parse: (raw: unknown) => T | null, fallback: T): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return (row && parse(row.value)) ?? fallback;
}

async function writeSetting(db: Db, key: string, value: object) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  caches.get(db)?.delete(key);
}

/** Password policy, session lifetimes and audit retention, completed with the defaults. */
export const getSecuritySettings = (db: Db): Promise<SecuritySettings> =>
  cached(db, SECURITY_KEY, () =>
    readSetting(
      db,
      SECURITY_KEY,
      (raw) => SecuritySettingsSchema.safeParse({ ...DEFAULT_SECURITY_SETTINGS, ...(raw as object) }).data ?? null,
      DEFAULT_SECURITY_SETTINGS,
    ),
  );

export async function saveSecuritySettings(db: Db, input: SecuritySettings): Promise<SecuritySettings> {
  const value = SecuritySettingsSchema.parse(input);
  await writeSetting(db, SECURITY_KEY, value);
  return value;
}

/** Who must use two-factor sign-in. */
export const getTwoFactorPolicy = (db: Db): Promise<TwoFactorPolicy> =>
  cached(db, TWO_FACTOR_POLICY_KEY, () =>
    readSetting(db, TWO_FACTOR_POLICY_KEY, (raw) => TwoFactorPolicySchema.safeParse(raw).data ?? null, DEFAULT_TWO_FACTOR_POLICY),
  );

export async function saveTwoFactorPolicy(db: Db, input: TwoFactorPolicy): Promise<TwoFactorPolicy> {
  const value = TwoFactorPolicySchema.parse({ ...input, roleIds: [...new Set(input.roleIds)] });
  await writeSetting(db, TWO_FACTOR_POLICY_KEY, value);
  return value;
}

/** Whether the school requires a second factor of a user with this role. */
export function twoFactorRequiredFor(policy: TwoFactorPolicy, roleId: number | null): boolean {
  if (policy.mode === 'all') return true;
  return policy.mode === 'roles' && roleId !== null && policy.roleIds.includes(roleId);
}
