import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet } from '#client/lib/api-client.ts';
import { listSearchParams } from '#shared/schemas/list-query.ts';
import type { SubscriberListPage, SubscriberListQuery } from '#shared/schemas/newsletter.ts';

/** GET /api/newsletter/subscribers: one page (search by address), with the count of each state. */
export const useSubscribers = (query: SubscriberListQuery) =>
  useQuery({
    queryKey: ['newsletter', 'subscribers', query] as const,
    queryFn: ({ signal }) =>
      apiGet<SubscriberListPage>(`/api/newsletter/subscribers${listSearchParams({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** DELETE /api/newsletter/subscribers/:id: the address is then held nowhere. */
export function useDeleteSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ success: true }>(`/api/newsletter/subscribers/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['newsletter', 'subscribers'] }),
  });
}
