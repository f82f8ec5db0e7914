import type { SharedLimit } from '../../db/limit-hits.ts';
import { SUBMISSION_LIMIT } from '../enquiries/submission-guard.ts';

/** The subscribe form counts apart from the enquiry forms, under the same numbers (per network, per hour). */
export const NEWSLETTER_LIMIT: SharedLimit = { ...SUBMISSION_LIMIT, name: 'newsletter' };
/** Confirmation e-mails to one address per hour: nobody fills a stranger's inbox from many networks. */
export const MAILS_PER_ADDRESS: SharedLimit = { name: 'newsletter-address', max: 3, windowMs: 60 * 60 * 1000 };
