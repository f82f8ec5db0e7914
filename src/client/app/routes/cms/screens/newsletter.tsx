import { Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CounterTiles } from '#client/components/cms/counter-tiles.tsx';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useDigest } from '#client/features/newsletter/api/digest.ts';
import { useDeleteSubscriber, useSubscribers } from '#client/features/newsletter/api/subscribers.ts';
import { DigestSettingsForm } from '#client/features/newsletter/components/digest-settings-form.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useListParams, usePageInRange } from '#client/lib/use-list-params.ts';
import { formatShortDate } from '#shared/dates.ts';
import { TOPIC_LABELS } from '#shared/schemas/newsletter-options.ts';
import { SUBSCRIBER_STATES, type Subscriber, type SubscriberState } from '#shared/schemas/newsletter.ts';

const PAGE_SIZE = 50;
const LIST_PARAMS = { state: SUBSCRIBER_STATES } as const;
const STATE_BADGE: Record<SubscriberState, [string, BadgeTone]> = {
  confirmed: ['Subscribed', 'green'],
  pending: ['Not confirmed yet', 'amber'],
  unsubscribed: ['Unsubscribed', 'slate'],
};
const SOURCES: Record<string, string> = { footer: 'the footer', blog: 'the blog', 'family-area': 'the family area' };

/** Newsletter (issue 33): the weekly digest's settings, and the subscribers, searched by address. */
export default function NewsletterScreen() {
  const list = useListParams(LIST_PARAMS, PAGE_SIZE);
  const { data, isPending, isError, isPlaceholderData } = useSubscribers({
    limit: PAGE_SIZE,
    offset: list.offset,
    q: list.q || undefined,
    state: list.filters.state || undefined,
  });
  usePageInRange(list, data?.total, PAGE_SIZE, isPlaceholderData);
  const digest = useDigest();
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const canDelete = useCan('notices', 'delete');
  const [deleting, setDeleting] = useState<Subscriber | null>(null);
  const remove = useDeleteSubscriber();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Subscriber deleted');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The subscriber could not be deleted.');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Newsletter</h1>
        <p className="text-sm text-slate-600">
          People who subscribed on the website or in the family area. A post is e-mailed to them from the blog editor when you
          publish it.
        </p>
      </div>
      {digest.data && <DigestSettingsForm status={digest.data} timeZone={timeZone} />}

      <section aria-labelledby="subscribers-heading">
        <h2 id="subscribers-heading" className="text-lg font-bold text-slate-900">
          Subscribers
        </h2>
        <CounterTiles
          className="mt-4 grid-cols-3"
          counters={[
            ['Subscribed', data?.counts.confirmed, 'text-green-700'],
            ['Not confirmed yet', data?.counts.pending],
            ['Unsubscribed', data?.counts.unsubscribed],
          ]}
        />
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <SearchBox
            className="flex-1"
            label="Search subscribers"
            placeholder="E-mail address..."
            value={list.q}
            onSearch={list.setSearch}
          />
          <NativeSelect
            aria-label="Show"
            className="sm:w-56"
            value={list.filters.state}
            onChange={(e) => list.setFilter('state', e.target.value)}
          >
            <option value="">Everyone</option>
            {SUBSCRIBER_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_BADGE[state][0]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {isPending && <p className="mt-6 text-center text-slate-600">Loading...</p>}
        {isError && (
          <p role="alert" className="mt-6 text-center text-red-700">
            Unable to load the subscribers. Please try again later.
          </p>
        )}
        {data && data.data.length === 0 && (
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <Users className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
            <p className="mt-2 text-sm text-slate-600">
              {list.filtered ? 'No subscriber matches.' : 'Nobody has subscribed yet: the form is at the bottom of every page.'}
            </p>
          </div>
        )}
        <ul
          aria-label="Subscribers"
          aria-busy={isPlaceholderData || undefined}
          className={`mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white ${isPlaceholderData ? 'opacity-60' : ''} ${data?.data.length ? '' : 'hidden'}`}
        >
          {data?.data.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-all text-slate-900">{s.email}</span>
                  <Badge tone={STATE_BADGE[s.state][1]}>{STATE_BADGE[s.state][0]}</Badge>
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  {s.topics.map((t) => TOPIC_LABELS[t]).join(', ')}
                  {s.branch ? ` · ${s.branch}` : ''}
                  {s.consentAt
                    ? ` · agreed ${formatShortDate(s.consentAt, timeZone)} from ${SOURCES[s.consentSource ?? ''] ?? s.consentSource}`
                    : ` · asked ${formatShortDate(s.createdAt, timeZone)} from ${SOURCES[s.source] ?? s.source}`}
                </p>
              </div>
              {canDelete && (
                <Button variant="ghost" size="sm" onClick={() => setDeleting(s)} aria-label={`Delete ${s.email}`}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
        {data && (
          <ListPager
            page={list.page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onPage={list.setPage}
            label="Subscribers pages"
            busy={isPlaceholderData}
          />
        )}
      </section>
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this subscriber?"
        description={`${deleting?.email ?? ''} is removed from the newsletter and its address is kept nowhere. They can subscribe again on the website.`}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
