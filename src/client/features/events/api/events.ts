import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import type { Event, EventInput, EventListPage, EventListQuery } from '../../../../shared/schemas/event.ts';
import type { EventScope } from '../../../../shared/schemas/event-series.ts';
import { listSearchParams } from '../../../../shared/schemas/list-query.ts';

/** One page of the staff events list; the previous page stays on screen while the next loads. */
export const eventsListQueryOptions = (query: EventListQuery) => ({
  queryKey: ['events', 'list', query] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<EventListPage>(`/api/events${listSearchParams({ ...query })}`, { signal }),
  placeholderData: keepPreviousData,
});

export const useEventsList = (query: EventListQuery) => useQuery(eventsListQueryOptions(query));

export const useEvent = (id: string | undefined) =>
  useQuery({
    queryKey: ['events', 'one', id],
    queryFn: async () => (await apiGet<{ data: Event }>(`/api/events/${encodeURIComponent(id!)}`)).data,
    enabled: !!id,
  });

export function useSaveEvent(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: EventInput) =>
      id === null
        ? (await apiPost<{ data: Event }>('/api/events', input as Record<string, unknown>)).data
        : (await apiPut<{ data: Event }>(`/api/events/${id}`, input as Record<string, unknown>)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['events'] }),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    // Issue 34: of a repeating event, this one (the default), this and the following ones, or all.
    mutationFn: ({ id, scope }: { id: number; scope?: EventScope }) =>
      apiDelete(`/api/events/${id}${scope ? `?scope=${scope}` : ''}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['events'] }),
  });
}
