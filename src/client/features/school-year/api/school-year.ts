import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '#client/lib/api-client.ts';
import type { SchoolDate } from '#shared/school-year.ts';
import type { CancelledOccurrence, SchoolDateInput } from '#shared/schemas/school-year.ts';

/** The school year: every term, half-term and closure, earliest first. */
export const useSchoolDates = () =>
  useQuery({
    queryKey: ['school-year', 'list'],
    queryFn: async ({ signal }) => (await apiGet<{ data: SchoolDate[] }>('/api/school-year', { signal })).data,
  });

/** The occurrences of repeating events a closure cancels. */
export const useCancelledByClosure = (id: number) =>
  useQuery({
    queryKey: ['school-year', 'cancelled', id],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: CancelledOccurrence[] }>(`/api/school-year/${id}/cancelled`, { signal })).data,
  });

/** A change to the year changes which occurrences of repeating events there are. */
const afterChange = (client: ReturnType<typeof useQueryClient>, removedId?: number) =>
  Promise.all([
    client.invalidateQueries({
      queryKey: ['school-year'],
      predicate: (q) => removedId === undefined || q.queryKey[2] !== removedId,
    }),
    client.invalidateQueries({ queryKey: ['events'] }),
  ]);

export function useSaveSchoolDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: SchoolDateInput }) =>
      id === null
        ? (await apiPost<{ data: SchoolDate }>('/api/school-year', input as Record<string, unknown>)).data
        : (await apiPut<{ data: SchoolDate }>(`/api/school-year/${id}`, input as Record<string, unknown>)).data,
    onSuccess: () => afterChange(client),
  });
}

export function useDeleteSchoolDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/school-year/${id}`),
    onSuccess: (_result, id) => {
      // What a removed closure cancelled is not asked for again (it would be a 404).
      client.removeQueries({ queryKey: ['school-year', 'cancelled', id] });
      client.setQueryData<SchoolDate[]>(['school-year', 'list'], (list) => list?.filter((d) => d.id !== id));
      return afterChange(client, id);
    },
  });
}
