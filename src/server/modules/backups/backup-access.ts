import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BackupConfirm } from '../../../shared/schemas/backup.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { verifyCurrentPassword } from '../auth/auth.service.ts';
import { hasTwoFactor, TWO_FACTOR_SETUP_DUE, twoFactorSetupDue, verifySecondFactor } from '../two-factor/two-factor.service.ts';

export type BackupOperation = 'download' | 'restore' | 'passphrase';

export const ADMINS_ONLY = 'Only an administrator can download or restore backups.';
const CODE_NEEDED = 'Enter the code from your authenticator app, or a recovery code.';

/** What the audit log says of an attempt: the file and its size where known. */
export interface AttemptFacts {
  file?: string;
  bytes?: number;
}

const factsOf = (facts: AttemptFacts) => ({
  ...(facts.file ? { file: facts.file.slice(0, 200) } : {}),
  ...(facts.bytes !== undefined ? { bytes: facts.bytes } : {}),
});

export async function auditRefusal(
  app: FastifyInstance,
  request: FastifyRequest,
  operation: BackupOperation,
  facts: AttemptFacts,
  reason: string,
) {
  await audit(app.db, whoOf(request), {
    action: 'backup-refused',
    entity: 'backup',
    title: facts.file ?? null,
    details: { operation, reason, ...factsOf(facts) },
  }).catch((err: unknown) => request.log.error({ err }, 'could not record a refused backup operation'));
}

export async function auditSuccess(
  app: FastifyInstance,
  request: FastifyRequest | null,
  action: 'backup-download' | 'backup-restore',
  facts: AttemptFacts & { title?: string; details?: Record<string, string | number | boolean> },
) {
  const who = request ? whoOf(request) : { userId: null, username: null, ip: null };
  await audit(app.db, who, {
    action,
    entity: 'backup',
    title: facts.title ?? facts.file ?? null,
    details: { ...factsOf(facts), ...facts.details },
  });
}

/**
 * Backups hold every account's password hash and the school's enquiries; a restore replaces
 * everything: only an administrator, confirming with their password and, when it is on, their
 * second factor (a code from the authenticator app, or a recovery code). Every refusal is audited.
 */
export async function confirmAdministrator<C extends BackupConfirm>(
  app: FastifyInstance,
  request: FastifyRequest,
  operation: BackupOperation,
  read: () => C,
  facts: AttemptFacts = {},
): Promise<C> {
  if (!request.user) throw unauthorized();
  const user = request.user;
  let reason = 'not-admin';
  try {
    if (user.roleName !== 'admin') throw forbidden(ADMINS_ONLY);
    reason = 'two-factor-setup-due';
    if (await twoFactorSetupDue(app.db, user)) throw new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_SETUP_DUE);
    reason = 'invalid';
    const confirm = read();
    Object.assign(facts, { file: facts.file ?? (confirm as { name?: string }).name });
    reason = 'wrong-password';
    await verifyCurrentPassword(app.db, user.id, confirm.currentPassword, request.ip);
    if (await hasTwoFactor(app.db, user.id)) {
      reason = 'no-code';
      if (!confirm.code) throw badRequest(CODE_NEEDED, { fields: { code: CODE_NEEDED } });
      reason = 'wrong-code';
      try {
        await verifySecondFactor(app.db, app.secretBox, user.id, confirm.code, request.ip);
      } catch (error) {
        // A wrong code is a field of this form, not a failed sign-in (401 would sign the page out).
        if (error instanceof AppError && error.status === 401)
          throw badRequest(error.message, { fields: { code: error.message } });
        throw error;
      }
    }
    return confirm;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) reason = 'too-many-attempts';
    await auditRefusal(app, request, operation, facts, reason);
    throw error;
  }
}

/** The X-Backup-Confirm header's JSON (base64url: the body is the archive); the caller parses it with its schema. */
export function readConfirmHeader(header: string | string[] | undefined): unknown {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return {};
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('The confirmation of this restore cannot be read. Reload the page and try again.');
  }
}
