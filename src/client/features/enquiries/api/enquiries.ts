import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiRequest } from '#client/lib/api-client.ts';
import type { EnquiryListPage, EnquiryListQuery } from '#shared/schemas/enquiry.ts';
import { listSearchParams } from '#shared/schemas/list-query.ts';

export const ENQUIRIES_PAGE = 25;

/** One page of the inbox with its counters. */
export function useEnquiries(query: EnquiryListQuery) {
  return useQuery({
    queryKey: ['enquiries', 'list', query],
    queryFn: ({ signal }) => apiGet<EnquiryListPage>(`/api/enquiries${listSearchParams({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useEnquiryMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['enquiries'] }) });
}

export const useSetEnquiryStatus = () =>
  useEnquiryMutation(({ id, status }: { id: number; status: 'new' | 'handled' }) =>
    apiRequest('PATCH', `/api/enquiries/${id}`, { status }),
  );
export const useResendEnquiry = () => useEnquiryMutation((id: number) => apiPost(`/api/enquiries/${id}/resend`));
export const useDeleteEnquiry = () => useEnquiryMutation((id: number) => apiDelete(`/api/enquiries/${id}`));

/** Read again this often while a back-office page is open, so a new enquiry shows without a reload. */
const NEW_COUNT_POLL_MS = 60_000;

export interface NewEnquiryCounts {
  /** Every enquiry nobody has handled yet. */
  new: number;
  /** Contact messages (the Enquiries screen). */
  messages: number;
  /** Admissions still in New (the Admissions board). */
  admissions: number;
}

/** How many enquiries nobody has handled yet, by screen; `enabled` only for those who read enquiries. */
export function useNewEnquiryCounts(enabled: boolean) {
  return useQuery({
    queryKey: ['enquiries', 'new-count'],
    queryFn: async ({ signal }) => (await apiGet<{ data: NewEnquiryCounts }>('/api/enquiries/new-count', { signal })).data,
    enabled,
    refetchInterval: NEW_COUNT_POLL_MS,
  });
}
