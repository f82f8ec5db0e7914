import { SUBMISSIONS_PER_HOUR } from '../../../shared/schemas/enquiry-options.ts';
import type { Db } from '../../db/client.ts';
import { admitLimitHit, type SharedLimit } from '../../db/limit-hits.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { FormName, FormTokens } from './form-token.ts';

export const SUBMISSION_LIMIT: SharedLimit = { name: 'enquiry', max: SUBMISSIONS_PER_HOUR, windowMs: 60 * 60 * 1000 };

/**
 * Spam defences without a third-party service: a per-IP limit (both enquiry forms together; the
 * newsletter's form counts apart under the same numbers, `limit`), counted in the database so it
 * holds for every instance; the minimum fill time (form-token.ts) and the honeypot field are
 * checked by the caller (or by passesSpamGuards).
 */
export async function admitSubmission(db: Db, ip: string, limit: SharedLimit = SUBMISSION_LIMIT): Promise<void> {
  const retryAfter = await admitLimitHit(db, limit, ip);
  if (retryAfter > 0) {
    throw new AppError(
      429,
      'TOO_MANY_SUBMISSIONS',
      'We have received several forms from your network in the last hour. Please try again later, or call us.',
      { retryAfter },
    );
  }
}

/**
 * Every public form's guards, in order: false when the honeypot is filled (the caller answers as
 * if the form was taken and keeps nothing); a 400 for a missing, forged, stale or too quick form
 * token; a 429 over the per-IP limit.
 */
export async function passesSpamGuards(
  db: Db,
  tokens: FormTokens,
  form: { website?: string; formToken?: string | undefined },
  check: { type: FormName; ip: string; minFillMs: number; limit?: SharedLimit },
): Promise<boolean> {
  if (form.website) return false;
  const timing = await tokens.check(form.formToken, check.type, check.minFillMs);
  if (timing === 'invalid' || timing === 'expired') {
    throw new AppError(400, 'FORM_TOKEN_INVALID', 'Please reload the page and send the form again.');
  }
  if (timing === 'too-fast') throw badRequest('That was quick! Please check your answers and send the form again.');
  await admitSubmission(db, check.ip, check.limit);
  return true;
}
