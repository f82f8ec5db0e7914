import { FilePlus2, ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '#client/lib/api-client.ts';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { usePagesList, useStartPrivacyNotice } from '#client/features/website-pages/api/pages.ts';
import { PageStateBadge } from '#client/features/website-pages/components/page-state.tsx';
import { useListParams, usePageInRange } from '#client/lib/use-list-params.ts';
import { formatShortDate } from '#shared/dates.ts';
import { PAGE_PLACEMENT_LABELS, PAGE_STATES } from '#shared/schemas/site-page.ts';

const PAGE_SIZE = 50;
const LIST = '/cms/website/pages';
const STATE_LABELS = { '': 'All pages', draft: 'Drafts', published: 'Published', changed: 'Draft waiting' } as const;

/** Website > Pages: the school's own pages (a privacy notice, term dates, FAQ...), with where each stands. */
export default function WebsitePagesScreen() {
  const list = useListParams({ state: PAGE_STATES }, PAGE_SIZE);
  const { data, isError, error, isPlaceholderData } = usePagesList({
    limit: PAGE_SIZE,
    offset: list.offset,
    q: list.q || undefined,
    state: list.filters.state || undefined,
  });
  usePageInRange(list, data?.total, PAGE_SIZE, isPlaceholderData);
  const canWrite = useCan('website', 'write');
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const navigate = useNavigate();
  const privacy = useStartPrivacyNotice();

  const startPrivacyNotice = async () => {
    try {
      const page = await privacy.mutateAsync();
      toast.success('The privacy notice is a draft: read it, fill in the notes for staff, then publish it.');
      void navigate(`${LIST}/${page.id}`);
    } catch (err) {
      // Started before: open that page rather than only saying its address is taken.
      const existing = err instanceof ApiError ? (err.body as { pageId?: number } | undefined)?.pageId : undefined;
      if (existing === undefined) return void toast.error((err as Error).message);
      toast.info('The privacy notice is a page already: here it is.');
      void navigate(`${LIST}/${existing}`);
    }
  };

  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Pages</h1>
          <p className="mt-1 text-slate-700">
            Pages of your own, such as a privacy notice, term dates or answers to parents’ questions, shown in the header menu,
            the footer, or linked from elsewhere.
          </p>
        </div>
        {canWrite && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void startPrivacyNotice()} disabled={privacy.isPending}>
              <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Start from the privacy notice
            </Button>
            <Button asChild>
              <Link to={`${LIST}/new`}>
                <FilePlus2 className="h-4 w-4" aria-hidden="true" /> New page
              </Link>
            </Button>
          </div>
        )}
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox
          label="Search pages"
          placeholder="Title or address"
          value={list.q}
          onSearch={list.setSearch}
          className="flex-1"
        />
        <div role="group" aria-label="Show" className="inline-flex flex-wrap rounded-lg border border-slate-300 p-0.5">
          {(['', ...PAGE_STATES] as const).map((state) => (
            <button
              key={state}
              type="button"
              aria-pressed={list.filters.state === state}
              onClick={() => list.setFilter('state', state)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
                list.filters.state === state ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {STATE_LABELS[state]}
            </button>
          ))}
        </div>
      </div>

      {isError ? (
        <p role="alert" className="mt-6 text-red-700">
          Could not load the pages: {error.message}
        </p>
      ) : !data ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading...
        </p>
      ) : data.data.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          {list.filtered ? 'No pages found.' : 'No pages yet. Start from the privacy notice, or make a new page.'}
        </p>
      ) : (
        <ul
          aria-label="Pages"
          aria-busy={isPlaceholderData}
          className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {data.data.map((page) => (
            <li key={page.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <h2 className="font-bold break-words text-slate-900">
                  <Link to={`${LIST}/${page.id}`} className="hover:text-brand-700 hover:underline">
                    {page.title}
                  </Link>{' '}
                  <span className="text-sm font-normal text-slate-600">/{page.slug}</span>
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                  <PageStateBadge state={page.state} />
                  <span>{PAGE_PLACEMENT_LABELS[page.placement]}</span>
                  <span>Changed {formatShortDate(page.updatedAt, timeZone)}</span>
                </p>
              </div>
              <Link
                to={`${LIST}/${page.id}`}
                aria-label={`${canWrite ? 'Edit' : 'Open'} ${page.title}`}
                className="shrink-0 self-start rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 sm:self-auto"
              >
                {canWrite ? 'Edit' : 'Open'}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <div className="mt-4">
          <ListPager
            page={list.page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onPage={list.setPage}
            label="Pages pages"
            busy={isPlaceholderData}
          />
        </div>
      )}
    </div>
  );
}
