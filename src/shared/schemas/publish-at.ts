import { z } from 'zod';

/** Issue 34: the code and words of a publish-at time already past; the editor then offers "Publish now". */
export const PUBLISH_AT_PAST = 'PUBLISH_AT_PAST';
export const PUBLISH_AT_PAST_MESSAGE = 'That time has already passed. Publish now instead?';

/**
 * `publishAt` on a create or update: an ISO instant (when the server publishes it), '' or null to
 * cancel the schedule, absent to keep it. Whether it is still to come is the server's check (its clock).
 */
export const PublishAtSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z.iso
    .datetime({ offset: true, error: 'Choose a date and time to publish it, such as 2026-12-01T08:00.' })
    .nullable()
    .optional(),
);
