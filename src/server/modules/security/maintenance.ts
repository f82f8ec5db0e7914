import type { Db } from '../../db/client.ts';
import { pruneAudit } from '../audit/audit.service.ts';
import { deleteExpiredSessions } from '../auth/sessions.service.ts';
import { deleteExpiredChallenges } from '../auth/sign-in-challenges.ts';
import { getSecuritySettings } from './security-settings.service.ts';

/** Retention and clean-up: audit entries past the retention, ended sessions, stale sign-in challenges. */
export async function runSecurityMaintenance(db: Db) {
  const { auditRetentionMonths } = await getSecuritySettings(db);
  const auditRemoved = await pruneAudit(db, auditRetentionMonths);
  await deleteExpiredSessions(db);
  await deleteExpiredChallenges(db);
  return { auditRemoved };
}
