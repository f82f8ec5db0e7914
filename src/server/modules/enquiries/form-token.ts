import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MIN_FILL_MS, type EnquiryType } from '../../../shared/schemas/enquiry-options.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export const FORM_TOKEN_SECRET_KEY = 'form_token_secret';
/** A form left open longer than this is sent again after a reload. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FormTokenCheck = 'ok' | 'invalid' | 'expired' | 'too-fast';
/** The public forms a token is signed for: the enquiry forms and the newsletter's (issue 33). */
export type FormName = EnquiryType | 'newsletter';

/**
 * The minimum fill time. Browser tests fill forms faster than people: they may lower it with
 * SPROUT_MIN_FILL_MS (never raise it; a value that is not a number leaves it as it is).
 */
export function minimumFillMs(): number {
  const lowered = Number(process.env.SPROUT_MIN_FILL_MS?.trim() || NaN);
  return lowered >= 0 ? Math.min(MIN_FILL_MS, lowered) : MIN_FILL_MS;
}

/**
 * The minimum fill time, measured on the server: a token signs the time a form was shown and its
 * type (HMAC-SHA256), so a bot can no longer claim it took its time. The secret lives in `settings`,
 * so every server process on one database signs and checks alike.
 *
 * Give the app's database as a getter (`() => app.db`): the installer may swap the database for
 * PostgreSQL while the app runs, and the secret is the current database's.
 */
export class FormTokens {
  private readonly key: () => Promise<Buffer>;

  constructor(db: Db | (() => Db)) {
    const current = typeof db === 'function' ? db : () => db;
    const secret = secretOf(FORM_TOKEN_SECRET_KEY);
    this.key = () => secret(current());
  }

  async issue(type: FormName, now = Date.now()): Promise<string> {
    return `${now}.${sign(await this.key(), type, now)}`;
  }

  async check(token: string | undefined, type: FormName, minFillMs: number, now = Date.now()): Promise<FormTokenCheck> {
    const match = /^(\d{13})\.([\w-]{43})$/.exec(token ?? '');
    if (!match) return 'invalid';
    const issuedAt = Number(match[1]);
    const expected = Buffer.from(sign(await this.key(), type, issuedAt));
    if (!timingSafeEqual(expected, Buffer.from(match[2]!))) return 'invalid';
    const age = now - issuedAt;
    if (age > FORM_TOKEN_MAX_AGE_MS) return 'expired';
    return age < minFillMs ? 'too-fast' : 'ok';
  }
}

const sign = (key: Buffer, type: FormName, issuedAt: number) =>
  createHmac('sha256', key).update(`enquiry-form:${type}:${issuedAt}`).digest('base64url');

/**
 * A random secret kept in `settings` under `key` (so every process on one database signs alike).
 * Race-safe across processes: the first insert wins and everybody reads the stored one.
 */
export async function loadOrCreateSecret(db: Db, key: string): Promise<Buffer> {
  await db
    .insert(settings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (typeof row?.value !== 'string' || row.value.length < 32) throw new Error(`The secret ${key} is missing.`);
  return Buffer.from(row.value, 'base64url');
}

/**
 * The secret `key` of a database, read (or made) once per process and database; a failed read is
 * tried again on the next call. The form tokens, the newsletter's links and the private photos'
 * links each sign with one.
 */
export function secretOf(key: string): (db: Db) => Promise<Buffer> {
  const secrets = new WeakMap<Db, Promise<Buffer>>();
  return (db) => {
    let secret = secrets.get(db);
    if (!secret) {
      secret = loadOrCreateSecret(db, key).catch((error: unknown) => {
        secrets.delete(db);
        throw error;
      });
      secrets.set(db, secret);
    }
    return secret;
  };
}
