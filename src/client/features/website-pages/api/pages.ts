import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '#client/lib/api-client.ts';
import { listSearchParams } from '#shared/schemas/list-query.ts';
import type { SitePage, SitePageContent, SitePageInput, SitePageListPage, SitePageListQuery } from '#shared/schemas/site-page.ts';

/*
 * The school's own pages (server: website/pages.routes.ts). Every change answers the page as it
 * now is, which replaces the cached one; the list and the history are read again.
 */

const base = '/api/website/pages';

export const pageQuery = (id: number) =>
  queryOptions({
    queryKey: ['website-pages', 'one', id],
    queryFn: async () => (await apiGet<{ data: SitePage }>(`${base}/${id}`)).data,
  });

/** One page of the Pages list (summaries, no bodies) with its counters. */
export const usePagesList = (query: SitePageListQuery) =>
  useQuery({
    queryKey: ['website-pages', 'list', query],
    queryFn: ({ signal }) => apiGet<SitePageListPage>(`${base}${listSearchParams({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePage = (id: number | null) => useQuery({ ...pageQuery(id ?? 0), enabled: id !== null });

function usePageChange<V>(send: (value: V) => Promise<{ data: SitePage }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (value: V) => (await send(value)).data,
    onSuccess: (page) => {
      client.setQueryData(pageQuery(page.id).queryKey, page);
      void client.invalidateQueries({ queryKey: ['website-pages', 'list'] });
      void client.invalidateQueries({ queryKey: ['website-pages', 'versions', page.id] });
    },
  });
}

/** A new page, as a draft. */
export const useCreatePage = () => usePageChange((content: SitePageInput) => apiPost<{ data: SitePage }>(base, content));

/** "Start from the privacy notice": a draft written from this site's settings. */
export const useStartPrivacyNotice = () => usePageChange(() => apiPost<{ data: SitePage }>(`${base}/privacy-notice`));

export const useSaveDraft = (id: number) =>
  usePageChange((content: SitePageContent) => apiPut<{ data: SitePage }>(`${base}/${id}/draft`, content));

/** Publishes what the editor holds (the draft it saved, or the values sent). */
export const usePublishPage = (id: number) =>
  usePageChange((content: SitePageContent | undefined) => apiPost<{ data: SitePage }>(`${base}/${id}/publish`, content));

export const useUnpublishPage = (id: number) => usePageChange(() => apiPost<{ data: SitePage }>(`${base}/${id}/unpublish`));

export function useDeletePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ success: boolean }>(`${base}/${id}`),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: pageQuery(id).queryKey });
      void client.invalidateQueries({ queryKey: ['website-pages', 'list'] });
    },
  });
}

/** The address of the real page with the page's draft applied (framed by the preview); `stamp` reloads it. */
export const pagePreviewUrl = (id: number, stamp: string) => `${base}/${id}/preview?v=${encodeURIComponent(stamp)}`;
