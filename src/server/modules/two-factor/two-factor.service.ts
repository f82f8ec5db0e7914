import { and, count, eq, isNotNull, isNull, or, lt, sql } from 'drizzle-orm';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../shared/schemas/security.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { recoveryCodes, twoFactor } from '../../db/schema/index.ts';
import { AppError, conflict, unauthorized } from '../../errors.ts';
import { admitLoginAttempt, clearLoginFailures } from '../auth/login-throttle.ts';
import { getTwoFactorPolicy, twoFactorRequiredFor } from '../security/security-settings.service.ts';
import type { SecretBox } from './secret-box.ts';
import {
  isTotpCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  setupDetails,
} from './totp.ts';

export const WRONG_CODE = 'That code is not right. Check the code in your authenticator app and try again.';
const USED_CODE = 'That code has just been used. Wait for the next code in your authenticator app.';

/** The bucket the second step's failures count in (5 per 15 minutes, kept in the database like the sign-in limit). */
const secondStepKey = (userId: number) => `2fa:user:${userId}`;

// Asked on every back-office request where the school requires a second factor: built once.
const confirmedTwoFactor = preparedPerDb((db) =>
  db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, sql.placeholder('userId')), isNotNull(twoFactor.confirmedAt)))
    .prepare('sprout_has_two_factor'),
);

/** Whether the user has a confirmed second factor. */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await confirmedTwoFactor(db).execute({ userId });
  return Boolean(row);
}

/**
 * The school requires a second factor of this user and they have none: a signed-in session from
 * before the requirement may reach only the account's own routes (to set it up) until it is on,
 * as a fresh sign-in reaches nothing before the setup step.
 */
export async function twoFactorSetupDue(db: Db, user: { id: number; roleId: number | null }): Promise<boolean> {
  if (!twoFactorRequiredFor(await getTwoFactorPolicy(db), user.roleId)) return false;
  return !(await hasTwoFactor(db, user.id));
}

export const TWO_FACTOR_SETUP_DUE =
  'Your school now requires two-factor sign-in. Set up an authenticator app (your account menu) to keep working in the back office.';

export async function twoFactorStatus(db: Db, user: { id: number; roleId: number | null }): Promise<TwoFactorStatus> {
  const [[row], [codes], policy] = await Promise.all([
    db.select({ confirmedAt: twoFactor.confirmedAt }).from(twoFactor).where(eq(twoFactor.userId, user.id)),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
    getTwoFactorPolicy(db),
  ]);
  const enabledAt = row?.confirmedAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? (codes?.n ?? 0) : 0,
    required: twoFactorRequiredFor(policy, user.roleId),
  };
}

/**
 * Starts (or starts again) a setup: a new secret, stored sealed and unconfirmed until a code from
 * it is entered. The secret leaves the server this once, to be scanned or typed.
 */
export async function beginSetup(
  db: Db,
  box: SecretBox,
  user: { id: number; username: string },
  issuer: string,
): Promise<TwoFactorSetup> {
  if (await hasTwoFactor(db, user.id)) throw conflict('Two-factor sign-in is already on. Turn it off first to set it up again.');
  const secret = newTotpSecret();
  const sealed = box.seal(secret);
  await db
    .insert(twoFactor)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret: sealed, confirmedAt: null, lastUsedStep: null } });
  return setupDetails(secret, user.username, issuer);
}

/** Confirms a setup with a code from the new secret; returns the ten recovery codes (shown once). */
export async function confirmSetup(db: Db, box: SecretBox, userId: number, code: string, ip: string): Promise<string[]> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) throw new AppError(409, 'NO_SETUP', 'Start the setup again: no two-factor setup is waiting.');
  if (row.confirmedAt) throw conflict('Two-factor sign-in is already on.');
  await admitLoginAttempt(db, secondStepKey(userId), ip);
  const step = isTotpCode(code) ? matchingStep(box.open(row.secret), code.replace(/\s/g, '')) : null;
  if (step === null) throw new AppError(400, 'WRONG_CODE', WRONG_CODE, { fields: { code: WRONG_CODE } });
  await clearLoginFailures(db, secondStepKey(userId));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.update(twoFactor).set({ confirmedAt: new Date(), lastUsedStep: step }).where(eq(twoFactor.userId, userId));
    return storeRecoveryCodes(tx, userId);
  });
}

async function storeRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/** Ten new recovery codes; the old ones stop working. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  if (!(await hasTwoFactor(db, userId))) throw conflict('Two-factor sign-in is off: there are no recovery codes.');
  return db.transaction((tx) => storeRecoveryCodes(tx as unknown as Db, userId));
}

/** Removes the second factor and its recovery codes (the user turning it off, or an admin's reset). */
export async function removeTwoFactor(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const gone = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ confirmedAt: twoFactor.confirmedAt });
    return gone.some((r) => r.confirmedAt !== null);
  });
}

/**
 * The second step of a sign-in: a six-digit code (each accepted once) or a recovery code (each
 * works once). Failures count against the user's own limit; past it, 429 until it lifts.
 */
export async function verifySecondFactor(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
  ip: string,
): Promise<'totp' | 'recovery-code'> {
  await admitLoginAttempt(db, secondStepKey(userId), ip);
  const method = isTotpCode(code)
    ? await useTotpCode(db, box, userId, code.replace(/\s/g, ''))
    : await useRecoveryCode(db, userId, code);
  await clearLoginFailures(db, secondStepKey(userId));
  return method;
}

async function useTotpCode(db: Db, box: SecretBox, userId: number, code: string) {
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmedAt)));
  // A secret a restore cleared ('': its key was not in the backup) matches no code; recovery codes still work.
  const step = row?.secret ? matchingStep(box.open(row.secret), code) : null;
  if (step === null) throw unauthorized(WRONG_CODE);
  // Accepted once: the step must be later than the last one used (two requests at once: one wins).
  const taken = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
    .returning({ userId: twoFactor.userId });
  if (taken.length === 0) throw unauthorized(USED_CODE);
  return 'totp' as const;
}

async function useRecoveryCode(db: Db, userId: number, code: string) {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryCodeHash(code)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length === 0) throw unauthorized(WRONG_CODE);
  return 'recovery-code' as const;
}
