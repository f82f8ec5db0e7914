import { Download, History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { auditExportUrl, useAudit } from '#client/features/audit/api/get-audit.ts';
import { AuditFilters, NO_FILTER, toFilter, type AuditFilterValues } from '#client/features/audit/components/audit-filters.tsx';
import { AuditList } from '#client/features/audit/components/audit-list.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { useUsers } from '#client/features/users/api/get-users.ts';
import { AUDIT_PAGE_SIZES } from '#shared/schemas/audit.ts';
import { ServerMessage } from '../shell/server-message.tsx';

/** Audit log (/cms/audit, users: read): who did what and when, filtered, paged on the server, exported as CSV. */
export default function AuditScreen() {
  const [values, setValues] = useState<AuditFilterValues>(NO_FILTER);
  const [limit, setLimit] = useState<number>(50);
  // The cursors of the pages before this one: Newer goes back one.
  const [cursors, setCursors] = useState<string[]>([]);
  const filter = toFilter(values);
  const audit = useAudit({ ...filter, limit, cursor: cursors[cursors.length - 1] });
  const users = useUsers({ status: 'all', roleId: 'all' });
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const people = (users.data?.data ?? []).map((u) => ({
    id: u.id,
    username: u.username,
    name: `${u.firstName} ${u.lastName}`.trim() || u.username,
  }));
  const page = cursors.length + 1;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Audit log</h1>
          <p className="text-sm text-slate-600">Every sign-in and every change, with who made it, when and from where.</p>
        </div>
        <Button asChild variant="secondary">
          <a href={auditExportUrl(filter)} download>
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </a>
        </Button>
      </div>
      <AuditFilters
        values={values}
        users={people}
        onChange={(next) => {
          setValues(next);
          setCursors([]);
        }}
      />
      {audit.isError && <ServerMessage error={audit.error} />}
      {audit.isPending && <p className="text-center text-slate-600">Loading...</p>}
      {audit.data && audit.data.data.length === 0 && (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <History className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No entries</h2>
          <p className="mt-1 text-sm text-slate-600">Nothing matches these filters.</p>
        </div>
      )}
      {audit.data && audit.data.data.length > 0 && <AuditList entries={audit.data.data} timeZone={timeZone} />}
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Label htmlFor="audit-limit" className="mb-0 whitespace-nowrap">
            Per page
          </Label>
          <NativeSelect
            id="audit-limit"
            className="w-24"
            value={limit}
            onChange={(e) => {
              setLimit(Number(e.target.value));
              setCursors([]);
            }}
          >
            {AUDIT_PAGE_SIZES.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <span className="text-sm text-slate-700" aria-live="polite">
            Page {page}
          </span>
          <Button
            variant="secondary"
            disabled={!audit.data?.nextCursor || audit.isPlaceholderData}
            onClick={() => audit.data?.nextCursor && setCursors((c) => [...c, audit.data.nextCursor!])}
          >
            Older
          </Button>
        </div>
      </nav>
    </div>
  );
}
