import { Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useSchoolProfile } from '#client/features/school/api/school.ts';
import { academicYears } from '#client/features/school-year/academic-years.ts';
import { useDeleteSchoolDate, useSchoolDates } from '#client/features/school-year/api/school-year.ts';
import { CancelledOccurrences } from '#client/features/school-year/components/cancelled-occurrences.tsx';
import { SchoolDateForm } from '#client/features/school-year/components/school-date-form.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import type { SchoolDate } from '#shared/school-year.ts';
import { SCHOOL_DATE_KIND_LABELS } from '#shared/schemas/school-year.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (d: string) => dayFormat.format(new Date(`${d}T12:00:00Z`));
const dayRange = (d: SchoolDate) => (d.starts_on === d.ends_on ? day(d.starts_on) : `${day(d.starts_on)} – ${day(d.ends_on)}`);
const TONE: Record<SchoolDate['kind'], BadgeTone> = { term: 'green', half_term: 'blue', closure: 'red' };

/** Settings → School year (issue 34): terms, their half-terms and closure days, by academic year. */
export default function SchoolYearScreen() {
  const { data, isPending, isError } = useSchoolDates();
  const canWrite = useCan('events', 'write');
  const canDelete = useCan('events', 'delete');
  const branches = (useSchoolProfile().data?.branches ?? []).map((b) => b.name);
  const [editing, setEditing] = useState<SchoolDate | null>(null);
  const [deleting, setDeleting] = useState<SchoolDate | null>(null);
  const [deleteError, setDeleteError] = useState<string>();
  const remove = useDeleteSchoolDate();

  const ask = (date: SchoolDate | null) => {
    setDeleteError(undefined);
    setDeleting(date);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${SCHOOL_DATE_KIND_LABELS[deleting.kind]} “${deleting.name}” removed`);
      if (editing?.id === deleting.id) setEditing(null);
      ask(null);
    } catch (err) {
      setDeleteError(err instanceof ApiError && err.status < 500 ? err.message : 'The date could not be removed.');
    }
  };

  const row = (date: SchoolDate, children?: ReactNode) => (
    <DateRow
      key={date.id}
      date={date}
      onEdit={canWrite ? () => setEditing(date) : undefined}
      onDelete={canDelete ? () => ask(date) : undefined}
    >
      {children}
    </DateRow>
  );

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">School year</h1>
      <p className="mt-1 text-sm text-slate-600">
        Terms, half-terms and closure days. Events that repeat “in term time” follow them, and nothing takes place on a closure
        day.
      </p>

      {canWrite && (
        <div className="mt-6">
          <SchoolDateForm editing={editing} branches={branches} onDone={() => setEditing(null)} />
        </div>
      )}

      {isPending && <p className="mt-6 text-slate-600">Loading...</p>}
      {isError && (
        <p role="alert" className="mt-6 text-red-700">
          Unable to load the school year. Please try again later.
        </p>
      )}
      {data && data.length === 0 && (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">No term dates yet.</p>
          {canWrite ? (
            <p className="mt-1">
              Start with the terms: choose “Term”, give it a name such as “Autumn term”, and its first and last day. Then add the
              half-terms inside each term and the days the school is closed.
            </p>
          ) : (
            <p className="mt-1">Ask a member of staff who can change events to enter the terms and closure days.</p>
          )}
        </div>
      )}
      {data &&
        academicYears(data).map((year) => (
          <section key={year.label} aria-labelledby={`year-${year.label}`} className="mt-8">
            <h2 id={`year-${year.label}`} className="text-xl font-bold text-slate-900">
              School year {year.label}
            </h2>
            <h3 className="mt-3 text-base font-semibold text-slate-800">Terms</h3>
            {year.terms.length + year.loose.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No term this year.</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {year.terms.map(({ term, halfTerms }) =>
                  row(
                    term,
                    halfTerms.length > 0 && (
                      <ul aria-label={`Half-terms of ${term.name}`} className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
                        {halfTerms.map((h) => row(h))}
                      </ul>
                    ),
                  ),
                )}
                {year.loose.map((h) =>
                  row(h, <p className="mt-1 text-sm text-amber-800">Outside every term: change its dates.</p>),
                )}
              </ul>
            )}
            <h3 className="mt-4 text-base font-semibold text-slate-800">Closure days</h3>
            {year.closures.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No closure day this year.</p>
            ) : (
              <ul className="mt-2 space-y-2">{year.closures.map((c) => row(c, <CancelledOccurrences closureId={c.id} />))}</ul>
            )}
          </section>
        ))}

      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && ask(null)}
        title={`Remove this ${deleting ? SCHOOL_DATE_KIND_LABELS[deleting.kind].toLowerCase() : 'date'}?`}
        description={
          deleting
            ? `“${deleting.name}” (${dayRange(deleting)}) goes from the school year. Repeating events ${deleting.kind === 'closure' ? 'take place on it again' : 'follow the change'}.`
            : ''
        }
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      >
        {deleteError && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {deleteError}
          </p>
        )}
      </AlertDialog>
    </div>
  );
}

function DateRow({
  date,
  onEdit,
  onDelete,
  children,
}: {
  date: SchoolDate;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">
            {date.name} <Badge tone={TONE[date.kind]}>{SCHOOL_DATE_KIND_LABELS[date.kind]}</Badge>
          </p>
          <p className="text-sm text-slate-700">
            {dayRange(date)}
            {date.branch ? ` · ${date.branch} only` : ''}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          {onEdit && (
            <Button variant="ghost" size="sm" aria-label={`Edit ${date.name}`} onClick={onEdit}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
            </Button>
          )}
          {onDelete && (
            <Button variant="ghost" size="sm" className="text-red-700" aria-label={`Remove ${date.name}`} onClick={onDelete}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
            </Button>
          )}
        </div>
      </div>
      {children}
    </li>
  );
}
