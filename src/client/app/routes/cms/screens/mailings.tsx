import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { MAILINGS_PAGE_SIZE, useMailings } from '#client/features/mailings/api/mailings.ts';
import { DnsCheckPanel } from '#client/features/mailings/components/dns-check-panel.tsx';
import { MailNotConfigured } from '#client/features/mailings/components/mail-not-configured.tsx';
import { MailSettingsForm } from '#client/features/mailings/components/mail-settings-form.tsx';
import { MailingBar } from '#client/features/mailings/components/mailing-bar.tsx';
import { MailingStateBadge, MAILING_KIND_LABELS } from '#client/features/mailings/components/mailing-state.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { formatShortDate, formatTime } from '#shared/dates.ts';

/** Mailings (issue 33): every e-mail of notices, posts and digests with its progress; the sending rate and the domain check. */
export default function MailingsScreen() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching } = useMailings(page);
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const when = (iso: string) => `${formatShortDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Mailings</h1>
        <p className="text-sm text-slate-600">
          Every e-mail of a notice, a post or the weekly digest, sent one address at a time through the school&apos;s mail server.
        </p>
      </div>
      {isPending && <p className="text-center text-slate-600">Loading...</p>}
      {isError && (
        <p role="alert" className="text-center text-red-700">
          Unable to load the mailings. Please try again later.
        </p>
      )}
      {data && (
        <>
          <MailNotConfigured status={data.mail} />
          <section aria-labelledby="mailings-list">
            <h2 id="mailings-list" className="sr-only">
              Sent and sending
            </h2>
            {data.total === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                Nothing has been e-mailed yet. E-mail a notice from Notices, or a post when you publish it.
              </p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {data.data.map((m) => (
                  <li key={m.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link
                          to={`/cms/notices/mailings/${m.id}`}
                          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                        >
                          {m.subject}
                        </Link>
                        <MailingStateBadge mailing={m} />
                        <Badge>{MAILING_KIND_LABELS[m.kind]}</Badge>
                      </div>
                      <p className="mt-1 text-xs text-slate-600">
                        {m.audienceLabel} · started {when(m.createdAt)}
                        {m.createdBy ? ` by ${m.createdBy}` : ''}
                      </p>
                    </div>
                    <div className="sm:w-64">
                      <MailingBar counts={m.counts} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <ListPager
              page={page}
              pageSize={MAILINGS_PAGE_SIZE}
              total={data.total}
              onPage={setPage}
              label="Mailings pages"
              busy={isFetching}
            />
          </section>
          <MailSettingsForm status={data.mail} />
          <DnsCheckPanel />
        </>
      )}
    </div>
  );
}
