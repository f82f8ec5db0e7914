import { Plus, Siren, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AudienceBadge } from '#client/components/cms/audience-fields.tsx';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useDeleteNotice, useNotices, useSaveNotice } from '#client/features/notices/api/notices.ts';
import { EmailNoticeButton } from '#client/features/notices/components/email-notice-button.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { formatScheduledFor, formatShortDate, formatTime } from '#shared/dates.ts';
import type { Notice, NoticeState } from '#shared/schemas/notice.ts';

const SECTIONS: { state: NoticeState; title: string; empty: string }[] = [
  { state: 'live', title: 'Showing now', empty: 'No notice is showing.' },
  { state: 'scheduled', title: 'Scheduled', empty: 'Nothing scheduled.' },
  { state: 'draft', title: 'Drafts', empty: 'No drafts.' },
  { state: 'ended', title: 'Ended', empty: 'None yet.' },
];
const STATE_BADGE: Record<NoticeState, [string, BadgeTone]> = {
  live: ['Showing', 'green'],
  scheduled: ['Scheduled', 'blue'],
  draft: ['Draft', 'slate'],
  ended: ['Ended', 'slate'],
};

/** Notices (issue 33): what shows now, what is scheduled, drafts and the latest ended ones. */
export default function NoticesScreen() {
  const { data, isPending, isError } = useNotices();
  const canWrite = useCan('notices', 'write');
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const [deleting, setDeleting] = useState<Notice | null>(null);
  const remove = useDeleteNotice();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Notice deleted');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The notice could not be deleted.');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Notices</h1>
          <p className="text-sm text-slate-600">
            Banners on the website and in the family area, ending by themselves, and e-mailed to their audience when you choose.
          </p>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            <Link to="/cms/notices/closure" className={buttonClass('danger')}>
              <Siren className="h-4 w-4" aria-hidden="true" /> Closure alert
            </Link>
            <Link to="/cms/notices/new" className={buttonClass('primary')}>
              <Plus className="h-4 w-4" aria-hidden="true" /> New notice
            </Link>
          </div>
        )}
      </div>

      {isPending && <p className="mt-8 text-center text-slate-600">Loading...</p>}
      {isError && (
        <p role="alert" className="mt-8 text-center text-red-700">
          Unable to load the notices. Please try again later.
        </p>
      )}
      {data &&
        SECTIONS.map((section) => {
          const rows = data.filter((n) => n.state === section.state);
          return (
            <section key={section.state} aria-labelledby={`notices-${section.state}`} className="mt-8">
              <h2 id={`notices-${section.state}`} className="text-lg font-semibold text-slate-900">
                {section.title}
              </h2>
              {rows.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{section.empty}</p>
              ) : (
                <ul className="mt-3 space-y-3">
                  {rows.map((n) => (
                    <NoticeRow key={n.id} notice={n} timeZone={timeZone} onDelete={() => setDeleting(n)} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}

      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this notice?"
        description={`“${deleting?.title ?? ''}” goes from the website and the family area at once. An e-mail already sent stays sent.`}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function NoticeRow({ notice, timeZone, onDelete }: { notice: Notice; timeZone: string; onDelete: () => void }) {
  const canWrite = useCan('notices', 'write');
  const canDelete = useCan('notices', 'delete');
  const programmes = useProgrammes().data ?? [];
  const save = useSaveNotice(notice.id);
  const when = (iso: string) => `${formatShortDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
  const [label, tone] = STATE_BADGE[notice.state];
  // Issue 34: a published notice with a start to come is scheduled; it says when.
  const scheduled = notice.state === 'scheduled';

  const setPublished = async (published: boolean) => {
    try {
      await save.mutateAsync({ ...notice, published });
      toast.success(
        published ? 'Notice published' : scheduled ? 'Schedule cancelled: the notice is a draft' : 'Notice taken down',
      );
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The notice could not be saved.');
    }
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">
          {canWrite ? (
            <Link to={`/cms/notices/${notice.id}`} className="text-brand-700 underline-offset-2 hover:underline">
              {notice.title}
            </Link>
          ) : (
            notice.title
          )}
        </h3>
        <Badge tone={tone}>{scheduled ? `Scheduled for ${formatScheduledFor(notice.startsAt, timeZone)}` : label}</Badge>
        {notice.urgency === 'closure' && <Badge tone="red">Closure</Badge>}
        <AudienceBadge item={notice} programmes={programmes} />
      </div>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{notice.body}</p>
      <p className="mt-1 text-xs text-slate-600">
        {when(notice.startsAt)} to {when(notice.endsAt)}
        {notice.audience === 'everyone' ? ' · on the public website' : ' · in the family area'}
      </p>
      {canWrite && notice.state !== 'ended' && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" disabled={save.isPending} onClick={() => void setPublished(!notice.published)}>
            {scheduled ? 'Cancel schedule' : notice.published ? 'Unpublish' : 'Publish'}
          </Button>
          {scheduled && (
            <Link
              to={`/cms/notices/${notice.id}`}
              className={buttonClass('secondary', 'sm')}
              aria-label={`Change the schedule of “${notice.title}”`}
            >
              Change schedule
            </Link>
          )}
          <EmailNoticeButton notice={notice} />
          {canDelete && (
            <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete “${notice.title}”`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </Button>
          )}
        </div>
      )}
      {notice.state === 'ended' && canDelete && (
        <Button size="sm" variant="ghost" className="mt-2" onClick={onDelete} aria-label={`Delete “${notice.title}”`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        </Button>
      )}
    </li>
  );
}
