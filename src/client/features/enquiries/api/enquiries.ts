import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiRequest } from '#client/lib/api-client.ts';
import type { Enquiry } from '#shared/schemas/enquiry.ts';
import type { EnquiryType } from '#shared/schemas/enquiry-options.ts';

export interface EnquiryFilters {
  type?: EnquiryType;
  status?: 'new' | 'handled';
  offset: number;
}

export interface EnquiryList {
  data: Enquiry[];
  total: number;
  counts: { all: number; admission: number; contact: number; new: number };
}

export const ENQUIRIES_PAGE = 25;

export function useEnquiries(filters: EnquiryFilters) {
  const query = new URLSearchParams({ limit: String(ENQUIRIES_PAGE), offset: String(filters.offset) });
  if (filters.type) query.set('type', filters.type);
  if (filters.status) query.set('status', filters.status);
  return useQuery({
    queryKey: ['enquiries', filters],
    queryFn: () => apiGet<EnquiryList>(`/api/enquiries?${query}`),
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
