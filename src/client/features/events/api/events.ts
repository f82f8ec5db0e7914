import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import type { Event, EventInput } from '../../../../shared/schemas/event.ts';

export const eventsQueryOptions = () => ({
  queryKey: ['events', 'list'] as const,
  queryFn: async () => (await apiGet<{ data: Event[] }>('/api/events')).data,
});

export const useEvents = () => useQuery(eventsQueryOptions());

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
    mutationFn: (id: number) => apiDelete(`/api/events/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['events'] }),
  });
}
