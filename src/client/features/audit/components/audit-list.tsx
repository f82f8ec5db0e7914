import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatShortDate, formatTime } from '../../../../shared/dates.ts';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../../shared/schemas/audit.ts';

const TONE: Partial<Record<AuditAction, BadgeTone>> = {
  'sign-in': 'green',
  'sign-in-failed': 'red',
  'sign-in-locked': 'red',
  '2fa-failed': 'red',
  delete: 'red',
  publish: 'blue',
  create: 'blue',
  '2fa-reset': 'amber',
  '2fa-disable': 'amber',
  '2fa-recovery-code': 'amber',
};

/** Entries newest first: when, what happened in a sentence (worded by the server), who and from where. */
export function AuditList({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  return (
    <ol aria-label="Audit entries" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {entries.map((e) => {
        return (
          <li key={e.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[10rem_1fr] sm:gap-4 sm:p-4">
            <p className="text-slate-600">
              <time dateTime={e.createdAt}>
                {formatShortDate(e.createdAt, timeZone)}, {formatTime(e.createdAt, timeZone)}
              </time>
            </p>
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone={TONE[e.action] ?? 'slate'}>{AUDIT_ACTIONS[e.action] ?? e.action}</Badge>
                {/* "Signed in" says it all once: the sentence is not repeated after its own kind. */}
                {e.summary !== AUDIT_ACTIONS[e.action] && (
                  <span className="font-semibold break-words text-slate-900">{e.summary}</span>
                )}
              </p>
              <p className="text-slate-600">
                {e.username ? `By @${e.username}` : 'Nobody signed in'} · from {e.ip ?? 'an unknown address'}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
