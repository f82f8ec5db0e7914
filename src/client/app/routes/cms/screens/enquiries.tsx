import { Inbox, Mail, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { EnquiryTimeline } from '#client/features/admissions/components/timeline.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import {
  ENQUIRIES_PAGE,
  useDeleteEnquiry,
  useEnquiries,
  useResendEnquiry,
  useNewEnquiryCounts,
  useSetEnquiryStatus,
} from '#client/features/enquiries/api/enquiries.ts';
import { useListParams, usePageInRange } from '#client/lib/use-list-params.ts';
import { EnquiryDetail, MAIL_STATE_TEXT } from '#client/features/enquiries/components/enquiry-detail.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { formatShortDate, formatTime } from '#shared/dates.ts';
import { ENQUIRY_STATUSES, type Enquiry } from '#shared/schemas/enquiry.ts';

/**
 * Messages sent with the public site's contact form (DESIGN §6: the leads module). Admission forms
 * live on the Admissions board only (issue 31): GET /api/enquiries still answers both types, this
 * screen asks for the contact ones.
 */
export default function EnquiriesScreen() {
  // Received times as the school's clock shows them (DESIGN §3), like every other date in the back office.
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const formatDate = (iso: string) => `${formatShortDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
  const list = useListParams({ status: ENQUIRY_STATUSES }, ENQUIRIES_PAGE);
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<Enquiry | null>(null);
  const { data, isLoading, isError, isPlaceholderData } = useEnquiries({
    limit: ENQUIRIES_PAGE,
    offset: list.offset,
    q: list.q || undefined,
    type: 'contact',
    status: list.filters.status || undefined,
  });
  usePageInRange(list, data?.total, ENQUIRIES_PAGE, isPlaceholderData);
  const setStatus = useSetEnquiryStatus();
  const resend = useResendEnquiry();
  const remove = useDeleteEnquiry();
  const canWrite = useCan('leads', 'write');
  const canDelete = useCan('leads', 'delete');
  const newCounts = useNewEnquiryCounts(true).data;
  const open = data?.data.find((e) => e.id === openId) ?? null;

  const act = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      toast.success(done);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Enquiries</h1>
          <p className="text-sm text-slate-600">
            Messages sent with the website&apos;s contact form. Admission forms are on the{' '}
            <Link to="/cms/admissions" className="font-semibold text-brand-700 underline">
              Admissions board
            </Link>
            .
          </p>
        </div>
        {newCounts && (
          <p className="rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900">{newCounts.messages} new</p>
        )}
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-2">
        {data && (
          <p className="text-sm text-slate-700">
            {data.counts.contact.toLocaleString('en-US')} {data.counts.contact === 1 ? 'message' : 'messages'}
          </p>
        )}
        <label className="ml-auto flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={list.filters.status === 'new'}
            onChange={(e) => list.setFilter('status', e.target.checked ? 'new' : '')}
          />
          Only new
        </label>
      </div>

      <SearchBox
        className="mt-4"
        label="Search messages"
        placeholder="Search by name, e-mail, phone or message..."
        value={list.q}
        onSearch={list.setSearch}
      />

      <div
        className={`mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white ${isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={isPlaceholderData || undefined}
      >
        {isLoading ? (
          <p className="p-8 text-center text-slate-600">Loading...</p>
        ) : isError ? (
          <p role="alert" className="p-8 text-center text-red-700">
            Could not load the messages. Please try again.
          </p>
        ) : !data || data.data.length === 0 ? (
          <p className="flex flex-col items-center gap-2 p-10 text-center text-slate-600">
            <Inbox aria-hidden="true" /> {list.filtered ? 'No messages match this search or filter.' : 'No messages yet.'}
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Contact messages, newest first</caption>
            <thead className="bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  From
                </th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">
                  Received
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.data.map((e) => (
                <tr key={e.id} className={e.status === 'new' ? 'bg-amber-50/40' : ''}>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      onClick={() => setOpenId(e.id)}
                      className="text-left font-semibold text-slate-900 hover:underline"
                    >
                      {e.name}
                    </button>
                    <span className="block text-xs break-all text-slate-600">{e.email}</span>
                    {/* The Received column is hidden on a phone: the date goes under the name there. */}
                    <span className="block text-xs text-slate-600 md:hidden">{formatDate(e.createdAt)}</span>
                  </td>
                  <td className="hidden px-4 py-3 md:table-cell">{formatDate(e.createdAt)}</td>
                  <td className="px-4 py-3">
                    <span className="flex flex-wrap gap-1">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${e.status === 'new' ? 'bg-blue-100 text-blue-800' : 'bg-slate-100 text-slate-700'}`}
                      >
                        {e.status === 'new' ? 'New' : 'Handled'}
                      </span>
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${MAIL_STATE_TEXT[e.mailState].className}`}
                      >
                        {MAIL_STATE_TEXT[e.mailState].label}
                      </span>
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button size="sm" variant="secondary" onClick={() => setOpenId(e.id)}>
                      View<span className="sr-only"> message from {e.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data && (
        <ListPager
          label="Enquiries pages"
          page={list.page}
          pageSize={ENQUIRIES_PAGE}
          total={data.total}
          busy={isPlaceholderData}
          onPage={list.setPage}
        />
      )}

      <Dialog
        open={open !== null}
        onOpenChange={(o) => !o && setOpenId(null)}
        title={open ? `Message from ${open.name}` : ''}
        width="max-w-xl"
      >
        {open && (
          <>
            <EnquiryDetail enquiry={open} programmes={[]} formatDate={formatDate} />
            <EnquiryTimeline id={open.id} canWrite={canWrite} formatDate={formatDate} />
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              {canWrite && (open.mailState === 'failed' || open.mailState === 'pending') && (
                <Button variant="secondary" onClick={() => void act(resend.mutateAsync(open.id), 'Sending the e-mail again')}>
                  <RotateCw size={16} aria-hidden="true" /> Send e-mail again
                </Button>
              )}
              <Button variant="secondary" asChild>
                <a href={`mailto:${open.email}`}>
                  <Mail size={16} aria-hidden="true" /> Reply
                </a>
              </Button>
              {canDelete && (
                <Button variant="danger" onClick={() => setConfirmDelete(open)}>
                  <Trash2 size={16} aria-hidden="true" /> Delete
                </Button>
              )}
              {canWrite && (
                <Button
                  onClick={() =>
                    void act(
                      setStatus.mutateAsync({ id: open.id, status: open.status === 'new' ? 'handled' : 'new' }),
                      open.status === 'new' ? 'Marked as handled' : 'Marked as new',
                    )
                  }
                >
                  {open.status === 'new' ? 'Mark handled' : 'Mark as new'}
                </Button>
              )}
            </div>
          </>
        )}
      </Dialog>
      <Dialog
        open={confirmDelete !== null}
        onOpenChange={(o) => !o && setConfirmDelete(null)}
        title="Please confirm"
        description={`Delete the message from ${confirmDelete?.name ?? ''}? This cannot be undone.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmDelete(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              const target = confirmDelete!;
              void act(remove.mutateAsync(target.id), 'Message deleted').then(() => {
                setConfirmDelete(null);
                setOpenId(null);
              });
            }}
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
