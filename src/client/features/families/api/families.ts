import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '#client/lib/api-client.ts';
import type {
  ConsentChange,
  ConsentRecord,
  Family,
  FamilyFromEnquiry,
  FamilyInput,
  FamilyListPage,
  FamilyListQuery,
} from '#shared/schemas/family.ts';
import { listSearchParams } from '#shared/schemas/list-query.ts';

/** One page of the families list; the previous page stays on screen while the next loads. */
export const familiesListQueryOptions = (query: FamilyListQuery) => ({
  queryKey: ['families', 'list', query] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<FamilyListPage>(`/api/families${listSearchParams({ ...query })}`, { signal }),
  placeholderData: keepPreviousData,
});

export const useFamiliesList = (query: FamilyListQuery) => useQuery(familiesListQueryOptions(query));

export const useFamily = (id: number | null) =>
  useQuery({
    queryKey: ['families', 'one', id],
    queryFn: async ({ signal }) => (await apiGet<{ data: Family }>(`/api/families/${id}`, { signal })).data,
    enabled: id !== null,
  });

export function useSaveFamily(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: FamilyInput) =>
      id === null
        ? (await apiPost<{ data: Family }>('/api/families', input as unknown as Record<string, unknown>)).data
        : (await apiPut<{ data: Family }>(`/api/families/${id}`, input as unknown as Record<string, unknown>)).data,
    onSuccess: (family) => {
      client.setQueryData(['families', 'one', family.id], family);
      return client.invalidateQueries({ queryKey: ['families', 'list'] });
    },
  });
}

export function useDeleteFamily() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/families/${id}`),
    // Not read again now: the screen of the deleted family, still open, would ask for it (a 404).
    onSuccess: () => client.invalidateQueries({ queryKey: ['families'], refetchType: 'none' }),
  });
}

/**
 * POST /api/families/from-enquiry/:id: the family made from an enrolled admission; `corrections`,
 * the child's branch or programme when the admission's is no longer one of the school's.
 */
export function useFamilyFromEnquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ enquiryId, corrections }: { enquiryId: number; corrections?: FamilyFromEnquiry }) =>
      (await apiPost<{ data: Family }>(`/api/families/from-enquiry/${enquiryId}`, corrections)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['families'] }),
  });
}

/** A child's consent history, newest first (read when the History dialog opens). */
export const useConsentHistory = (childId: number | null) =>
  useQuery({
    queryKey: ['families', 'consents', childId],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: ConsentRecord[] }>(`/api/families/children/${childId}/consents`, { signal })).data,
    enabled: childId !== null,
  });

/** Staff record a consent given to them (a paper form, an e-mail): the family's current states and the history refresh. */
export function useRecordConsent(childId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ConsentChange) =>
      (await apiPost<{ data: ConsentRecord }>(`/api/families/children/${childId}/consents`, change)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['families'] }),
  });
}
