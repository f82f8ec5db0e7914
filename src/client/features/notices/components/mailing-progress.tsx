import { useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { MailingSummary } from '#shared/schemas/mailing.ts';

/** A mailing's counts from the engine (GET /api/mailings/:id), read again every 2 s while it sends. */
export function useMailingProgress(id: number | null) {
  return useQuery({
    queryKey: ['mailings', 'one', id],
    queryFn: async ({ signal }) => (await apiGet<{ data: MailingSummary }>(`/api/mailings/${id}`, { signal })).data,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'sending' || !query.state.data ? 2000 : false),
  });
}

/** "18 of 42 sent, 1 failed": a mailing's progress as a bar and words, read out as it changes. */
export function MailingProgress({ mailingId, recipients }: { mailingId: number; recipients: number }) {
  const { data, isError } = useMailingProgress(recipients > 0 ? mailingId : null);
  if (recipients === 0)
    return (
      <p role="status" className="mt-3 text-sm text-slate-800">
        No e-mail was sent: nobody in this audience has an e-mail address.
      </p>
    );
  const counts = data?.counts ?? { queued: recipients, sent: 0, failed: 0 };
  const total = Math.max(counts.queued + counts.sent + counts.failed, recipients, 1);
  const done = data?.state === 'done';
  return (
    <div className="mt-3">
      <div className="h-3 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${(counts.sent / total) * 100}%` }} />
      </div>
      <p role="status" className="mt-2 text-sm text-slate-800">
        {isError
          ? 'The e-mail is on its way; its progress could not be read.'
          : `${counts.sent} of ${total} e-mails sent${counts.failed ? `, ${counts.failed} failed` : ''}${done ? '. Done.' : '…'}`}
      </p>
    </div>
  );
}
