import { PUBLISH_AT_PAST, PUBLISH_AT_PAST_MESSAGE } from '../../../shared/schemas/publish-at.ts';
import { AppError } from '../../errors.ts';

/** A publish-at time from the API as a Date (null: none), refused with PUBLISH_AT_PAST when it is not still to come. */
export function futurePublishAt(iso: string | null, now = Date.now()): Date | null {
  if (iso === null) return null;
  const at = new Date(iso);
  if (at.getTime() <= now)
    throw new AppError(400, PUBLISH_AT_PAST, PUBLISH_AT_PAST_MESSAGE, { fields: { publishAt: PUBLISH_AT_PAST_MESSAGE } });
  return at;
}
