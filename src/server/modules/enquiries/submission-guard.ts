import { SUBMISSIONS_PER_HOUR } from '../../../shared/schemas/enquiry-options.ts';
import type { Db } from '../../db/client.ts';
import { admitLimitHit, type SharedLimit } from '../../db/limit-hits.ts';
import { AppError } from '../../errors.ts';

export const SUBMISSION_LIMIT: SharedLimit = { name: 'enquiry', max: SUBMISSIONS_PER_HOUR, windowMs: 60 * 60 * 1000 };

/**
 * Spam defences without a third-party service: a per-IP limit (both forms together), counted in
 * the database so it holds for every instance; the minimum fill time (form-token.ts) and the
 * honeypot field are checked by the caller.
 */
export async function admitSubmission(db: Db, ip: string): Promise<void> {
  const retryAfter = await admitLimitHit(db, SUBMISSION_LIMIT, ip);
  if (retryAfter > 0) {
    throw new AppError(
      429,
      'TOO_MANY_SUBMISSIONS',
      'We have received several forms from your network in the last hour. Please try again later, or call us.',
      { retryAfter },
    );
  }
}
