import { Mail, Phone, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { CounterTiles } from '#client/components/cms/counter-tiles.tsx';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useFamiliesList } from '#client/features/families/api/families.ts';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { programmeName } from '#shared/schemas/enquiry-options.ts';
import { FAMILY_SORTS } from '#shared/schemas/family.ts';
import { useListParams, usePageInRange } from '#client/lib/use-list-params.ts';

const PAGE_SIZE = 25;
const LIST_PARAMS = { sort: FAMILY_SORTS } as const;
const SORT_LABELS = { name: 'By name', newest: 'Newest first' } as const;

/**
 * Families (issue 32): every enrolled family with its parent contacts and children, searched by
 * the server (family, parent, e-mail, phone, child) one page at a time; the address keeps the page.
 */
export default function FamiliesListScreen() {
  const list = useListParams(LIST_PARAMS, PAGE_SIZE);
  const { data, isPending, isError, isPlaceholderData } = useFamiliesList({
    limit: PAGE_SIZE,
    offset: list.offset,
    q: list.q || undefined,
    sort: list.filters.sort || undefined,
  });
  usePageInRange(list, data?.total, PAGE_SIZE, isPlaceholderData);
  const programmes = useProgrammes().data ?? [];
  const canWrite = useCan('families', 'write');
  const families = data?.data ?? [];

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Families</h1>
          <p className="text-sm text-slate-600">Enrolled families: their parents, children and photo consents.</p>
        </div>
        {canWrite && (
          <Link to="/cms/families/new" className={buttonClass('primary')}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> Add family
          </Link>
        )}
      </div>

      <CounterTiles
        className="mt-6 grid-cols-2"
        counters={[
          ['Families', data?.counts.families],
          ['Children', data?.counts.children, 'text-brand-700'],
        ]}
      />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <SearchBox
          className="flex-1"
          label="Search families"
          placeholder="Family, parent, e-mail, phone or child..."
          value={list.q}
          onSearch={list.setSearch}
        />
        <NativeSelect
          aria-label="Order"
          className="sm:w-48"
          value={list.filters.sort || 'name'}
          onChange={(e) => list.setFilter('sort', e.target.value === 'name' ? '' : e.target.value)}
        >
          {FAMILY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>

      {isPending && <p className="mt-8 text-center text-slate-600">Loading...</p>}
      {isError && (
        <p role="alert" className="mt-8 text-center text-red-700">
          Unable to load the families. Please try again later.
        </p>
      )}
      {data && families.length === 0 && (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Users className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          {list.filtered ? (
            <>
              <h2 className="mt-3 text-lg font-semibold text-slate-900">No families found</h2>
              <p className="mt-1 text-sm text-slate-600">Try another name, e-mail address or phone number.</p>
            </>
          ) : (
            <>
              <h2 className="mt-3 text-lg font-semibold text-slate-900">No families yet</h2>
              <p className="mt-1 text-sm text-slate-600">
                Add one by hand, or create one from an enrolled admission on the Admissions board.
              </p>
            </>
          )}
        </div>
      )}

      <ul
        className={`mt-6 space-y-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
        aria-label="Families"
        aria-busy={isPlaceholderData || undefined}
      >
        {families.map((family) => (
          <li key={family.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold text-slate-900">
              <Link to={`/cms/families/${family.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                {family.name}
              </Link>
            </h2>
            <div className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Parents</h3>
                <ul className="mt-1 space-y-1">
                  {family.contacts.map((c) => (
                    <li key={c.id} className="text-slate-800">
                      <span className="font-medium">{c.name}</span>
                      {c.isPrimary && (
                        <Badge tone="blue" className="ml-2">
                          Primary
                        </Badge>
                      )}
                      <span className="block break-words text-slate-600">
                        {c.email && (
                          <span className="mr-3 inline-flex items-center gap-1">
                            <Mail className="h-3.5 w-3.5" aria-hidden="true" />
                            {c.email}
                          </span>
                        )}
                        {c.phone && (
                          <span className="inline-flex items-center gap-1">
                            <Phone className="h-3.5 w-3.5" aria-hidden="true" />
                            {c.phone}
                          </span>
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Children</h3>
                <ul className="mt-1 space-y-1">
                  {family.children.map((child) => (
                    <li key={child.id} className="text-slate-800">
                      <span className="font-medium">{`${child.firstName} ${child.lastName}`.trim()}</span>
                      <span className="text-slate-600">
                        {' · '}
                        {programmeName(programmes, child.programme)}
                        {child.branch ? ` · ${child.branch}` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {data && (
        <ListPager
          label="Families pages"
          page={list.page}
          pageSize={PAGE_SIZE}
          total={data.total}
          busy={isPlaceholderData}
          onPage={list.setPage}
        />
      )}
    </div>
  );
}
