import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { pageNumberOf } from '#shared/page-number.ts';

type Allowed = Record<string, readonly string[]>;

/**
 * A back-office list's search, filters and page, kept in the address (`?q=&status=&page=`): a
 * reload, or Back from an item, shows the same page. Values a filter does not allow read as ''.
 * Changing the search or a filter goes back to page 1.
 */
export function useListParams<A extends Allowed>(allowed: A, pageSize: number) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageNumberOf(params.get('page'));
  const filterKey = Object.keys(allowed)
    .map((name) => params.get(name) ?? '')
    .join('\u0000');
  const filters = useMemo(() => {
    const values = filterKey.split('\u0000');
    return Object.fromEntries(
      Object.entries(allowed).map(([name, values_], i) => [name, values_.includes(values[i]!) ? values[i]! : '']),
    ) as { [K in keyof A]: A[K][number] | '' };
    // `allowed` is a module constant of each screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const update = useCallback(
    (patch: Record<string, string | number>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    q,
    page,
    offset: (page - 1) * pageSize,
    filters,
    /** Any search or filter in effect, the order aside (§2: "No events found" rather than "No events yet"). */
    filtered: q !== '' || Object.entries(filters).some(([name, value]) => name !== 'sort' && value !== ''),
    setSearch: useCallback((value: string) => update({ q: value.trim() }), [update]),
    setFilter: useCallback((name: keyof A & string, value: string) => update({ [name]: value }), [update]),
    setPage: useCallback((n: number) => update({ page: n }), [update]),
  };
}

/**
 * After a delete empties the last page, shows the page that is now last (rather than an empty
 * page claiming "No ... found").
 */
export function usePageInRange(
  list: { page: number; setPage: (n: number) => void },
  total: number | undefined,
  pageSize: number,
  stale: boolean,
) {
  const { page, setPage } = list;
  useEffect(() => {
    if (total === undefined || stale) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (page > last) setPage(last);
  }, [total, page, pageSize, stale, setPage]);
}
