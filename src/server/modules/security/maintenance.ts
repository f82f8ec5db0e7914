import type { Db } from '../../db/client.ts';
import { pruneEnquiries } from '../admissions/retention.ts';
import { pruneAudit } from '../audit/audit.service.ts';
import { deleteExpiredSessions } from '../auth/sessions.service.ts';
import { deleteExpiredChallenges } from '../auth/sign-in-challenges.ts';
import { getSecuritySettings } from './security-settings.service.ts';

/**
 * Retention and clean-up: audit entries past the retention, declined and stale enquiries, ended
 * sessions, stale sign-in challenges.
 */
export async function runSecurityMaintenance(db: Db) {
  const { auditRetentionMonths, enquiryRetentionMonths } = await getSecuritySettings(db);
  const auditRemoved = await pruneAudit(db, auditRetentionMonths);
  const enquiriesRemoved = await pruneEnquiries(db, enquiryRetentionMonths);
  await deleteExpiredSessions(db);
  await deleteExpiredChallenges(db);
  return { auditRemoved, enquiriesRemoved };
}
