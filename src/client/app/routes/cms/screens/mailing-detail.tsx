import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { FAILURES_PAGE_SIZE, useMailingDetail, useRetryFailed } from '#client/features/mailings/api/mailings.ts';
import { MailNotConfigured } from '#client/features/mailings/components/mail-not-configured.tsx';
import { MailingBar } from '#client/features/mailings/components/mailing-bar.tsx';
import { MailingStateBadge, MAILING_KIND_LABELS } from '#client/features/mailings/components/mailing-state.tsx';
import { SendTestButton } from '#client/features/mailings/components/send-test-button.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { formatShortDate, formatTime } from '#shared/dates.ts';

/** One mailing: its progress, the addresses it failed for with the mail server's reasons, a retry and a test. */
export default function MailingDetailScreen() {
  const id = Number(useParams().id);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, isFetching } = useMailingDetail(id, page);
  const canWrite = useCan('notices', 'write');
  const retry = useRetryFailed(id);
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const when = (iso: string) => `${formatShortDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

  const retryFailed = async () => {
    try {
      const { queued } = await retry.mutateAsync();
      toast.success(queued ? `${queued} address${queued === 1 ? '' : 'es'} will be tried again` : 'Nothing to try again');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The failed addresses could not be tried again.');
    }
  };

  const back = (
    <Link to="/cms/notices/mailings" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All mailings
    </Link>
  );
  if (isPending) return <p className="text-center text-slate-600">Loading...</p>;
  if (isError || !data)
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        {back}
        <p role="alert" className="text-red-700">
          {error instanceof ApiError && error.status === 404
            ? 'This mailing does not exist.'
            : 'Unable to load the mailing. Please try again later.'}
        </p>
      </div>
    );

  const m = data.data;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {back}
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-slate-900">{m.subject}</h1>
          <MailingStateBadge mailing={m} />
          <Badge>{MAILING_KIND_LABELS[m.kind]}</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          To {m.audienceLabel} · started {when(m.createdAt)}
          {m.createdBy ? ` by ${m.createdBy}` : ''}
          {m.finishedAt ? ` · finished ${when(m.finishedAt)}` : ''}
        </p>
      </div>
      <MailNotConfigured status={data.mail} />
      <section aria-labelledby="mailing-progress" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="mailing-progress" className="text-lg font-bold text-slate-900">
          Progress
        </h2>
        <MailingBar counts={m.counts} live />
        {canWrite && data.mail.configured && (
          <div className="flex flex-wrap gap-2">
            {m.counts.failed > 0 && (
              <Button onClick={() => void retryFailed()} disabled={retry.isPending}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" /> {retry.isPending ? 'Queuing…' : 'Retry failed'}
              </Button>
            )}
            <SendTestButton test={{ mailingId: m.id }} />
          </div>
        )}
      </section>
      {m.counts.failed > 0 && (
        <section aria-labelledby="mailing-failures" className="space-y-3">
          <h2 id="mailing-failures" className="text-lg font-bold text-slate-900">
            Failed ({m.counts.failed.toLocaleString('en-US')})
          </h2>
          <p className="text-sm text-slate-600">
            “Unsubscribed”: the subscriber left before their copy went, so it was not sent (and is not tried again).
          </p>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Addresses the mailing failed for, with the mail server&apos;s reason</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Address
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Reason
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    Attempts
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {m.failures.data.map((f) => (
                  <tr key={f.id}>
                    <td className="px-4 py-2 break-all text-slate-900">{f.email}</td>
                    <td className="px-4 py-2 text-slate-700">{f.error ?? 'No reason given'}</td>
                    <td className="px-4 py-2 text-right text-slate-700">{f.attempts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPager
            page={page}
            pageSize={FAILURES_PAGE_SIZE}
            total={m.failures.total}
            onPage={setPage}
            label="Failed addresses pages"
            busy={isFetching}
          />
        </section>
      )}
    </div>
  );
}
