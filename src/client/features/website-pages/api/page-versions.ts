import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '#client/lib/api-client.ts';
import type { SitePage, SitePageVersion, SitePageVersionSummary } from '#shared/schemas/site-page.ts';
import { pageQuery } from './pages.ts';

/** The page's earlier published versions, newest first (the last 50). */
export const usePageVersions = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['website-pages', 'versions', id],
    queryFn: async () => (await apiGet<{ data: SitePageVersionSummary[] }>(`/api/website/pages/${id}/versions`)).data,
    enabled,
  });

export const usePageVersion = (id: number, versionId: number | null) =>
  useQuery({
    queryKey: ['website-pages', 'versions', id, versionId],
    queryFn: async () => (await apiGet<{ data: SitePageVersion }>(`/api/website/pages/${id}/versions/${versionId}`)).data,
    enabled: versionId !== null,
  });

/** Publishes an earlier version again; the one it replaces joins the history. */
export function useRestorePageVersion(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (versionId: number) =>
      (await apiPost<{ data: SitePage }>(`/api/website/pages/${id}/versions/${versionId}/restore`)).data,
    onSuccess: (page) => {
      client.setQueryData(pageQuery(id).queryKey, page);
      void client.invalidateQueries({ queryKey: ['website-pages', 'list'] });
      void client.invalidateQueries({ queryKey: ['website-pages', 'versions', id] });
    },
  });
}
