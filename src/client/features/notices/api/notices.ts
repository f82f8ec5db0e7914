import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '#client/lib/api-client.ts';
import type { Notice, NoticeAudienceQuery, NoticeInput } from '#shared/schemas/notice.ts';

/** Every notice not over (drafts, scheduled, showing), then the latest ended ones. */
export const useNotices = () =>
  useQuery({
    queryKey: ['notices', 'list'],
    queryFn: async ({ signal }) => (await apiGet<{ data: Notice[] }>('/api/notices', { signal })).data,
  });

export const useNotice = (id: number | null) =>
  useQuery({
    queryKey: ['notices', 'one', id],
    queryFn: async ({ signal }) => (await apiGet<{ data: Notice }>(`/api/notices/${id}`, { signal })).data,
    enabled: id !== null,
  });

export function useSaveNotice(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NoticeInput) =>
      id === null
        ? (await apiPost<{ data: Notice }>('/api/notices', input as Record<string, unknown>)).data
        : (await apiPut<{ data: Notice }>(`/api/notices/${id}`, input as Record<string, unknown>)).data,
    onSuccess: (notice) => {
      client.setQueryData(['notices', 'one', notice.id], notice);
      return client.invalidateQueries({ queryKey: ['notices', 'list'] });
    },
  });
}

export function useDeleteNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/notices/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notices'], refetchType: 'none' }),
  });
}

/** POST /api/notices/:id/email: the mailing started and how many it goes to. */
export function useEmailNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiPost<{ data: { mailingId: number; recipients: number } }>(`/api/notices/${id}/email`, {})).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['notices'] }),
  });
}

/** How many an e-mail of this urgency to this audience would reach now (null: not asked yet). */
export function useRecipientCount(query: NoticeAudienceQuery | null) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value) params.set(key, String(value));
  return useQuery({
    queryKey: ['notices', 'recipients', params.toString()],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: { count: number } }>(`/api/notices/recipients?${params}`, { signal })).data.count,
    enabled: query !== null,
    retry: false,
  });
}
