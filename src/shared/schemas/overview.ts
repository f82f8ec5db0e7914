import type { AuditEntry } from './audit.ts';
import type { StoredBackup } from './backup.ts';

/** An enquiry in the overview: who, what kind, when (the child's name, for an admission). */
export interface OverviewEnquiry {
  id: number;
  type: 'admission' | 'contact';
  name: string;
  createdAt: string;
}

/**
 * GET /api/overview (issue 31): the back office's first screen. Each part is there only for staff
 * who may read what it shows: enquiries and admissions (leads), events, drafts (blog, gallery), the
 * last backup (administrators, as the Backups screen) and recent activity (the audit log: users).
 */
export interface Overview {
  enquiries?: {
    /** Contact messages nobody has handled yet. */
    newMessages: number;
    /** Admission applications nobody has handled yet. */
    newAdmissions: number;
    /** The newest of both, newest first (at most five). */
    latest: OverviewEnquiry[];
  };
  events?: {
    /** The next events not yet started, soonest first (at most five). */
    next: { id: number; title: string; start_date: string; location: string }[];
  };
  drafts?: {
    posts?: { count: number; latest: { id: number; title: string; updatedAt: string }[] };
    galleries?: { count: number; latest: { id: number; title: string; updatedAt: string }[] };
  };
  backup?: {
    last: StoredBackup | null;
    dailyOn: boolean;
    /** The last backup is more than two days old (or there is none). */
    stale: boolean;
  };
  activity?: AuditEntry[];
}
