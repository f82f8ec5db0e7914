import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatShortDate, formatTime } from '../../../../shared/dates.ts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntry } from '../../../../shared/schemas/audit.ts';

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

const detailText = (details: AuditEntry['details']) =>
  details
    ? Object.entries(details)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')
    : '';

/** Entities whose entries say what happened as a sentence ("Published the page “Privacy Policy”"), shown as written. */
const SENTENCES = new Set<AuditEntry['entity']>(['page', 'section']);

/** Entries newest first: when, who and from where, what, and which fields changed. */
export function AuditList({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  return (
    <ol aria-label="Audit entries" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {entries.map((e) => {
        const what =
          e.entity && SENTENCES.has(e.entity) && e.title
            ? e.title
            : [e.entity ? AUDIT_ENTITIES[e.entity] : null, e.title ? `“${e.title}”` : null, e.entityId ? `#${e.entityId}` : null]
                .filter(Boolean)
                .join(' ');
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
                <span className="font-semibold break-words text-slate-900">{what || '–'}</span>
              </p>
              <p className="text-slate-600">
                {e.username ? `@${e.username}` : 'Unknown user'} · {e.ip ?? 'no address'}
                {e.details && ` · ${detailText(e.details)}`}
              </p>
              {e.changes.length > 0 && <p className="break-words text-slate-700">Changed: {e.changes.join(', ')}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
