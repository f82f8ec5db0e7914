import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '#client/lib/api-client.ts';
import type { AdmissionBoard, AdmissionFilter, StageMove, TimelineEntry } from '#shared/schemas/admissions.ts';
import type { Enquiry } from '#shared/schemas/enquiry.ts';

/** `?department&branch&month&q`, leaving out what is not chosen. */
export function admissionParams(filter: Partial<AdmissionFilter>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useAdmissionBoard(filter: Partial<AdmissionFilter>) {
  return useQuery({
    queryKey: ['enquiries', 'board', filter],
    queryFn: ({ signal }) => apiGet<{ data: AdmissionBoard }>(`/api/admissions/board${admissionParams(filter)}`, { signal }),
    placeholderData: keepPreviousData,
    select: (r) => r.data,
  });
}

export function useTimeline(id: number | null) {
  return useQuery({
    // Not under 'enquiries': deleting an enquiry refreshes the inbox, never the timeline of the gone one.
    queryKey: ['enquiry-timeline', id],
    queryFn: ({ signal }) =>
      apiGet<{ data: TimelineEntry[]; mail: { configured: boolean } }>(`/api/enquiries/${id}/timeline`, { signal }),
    enabled: id !== null,
  });
}

export interface VisitOutcome {
  mailed: boolean;
  subject: string;
  text: string;
  error?: string;
}

function useEnquiryMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['enquiries'] }),
        client.invalidateQueries({ queryKey: ['enquiry-timeline'] }),
      ]),
  });
}

export const useMoveStage = () =>
  useEnquiryMutation(({ id, ...move }: StageMove & { id: number }) =>
    apiPost<{ data: Enquiry; visit?: VisitOutcome }>(`/api/enquiries/${id}/stage`, move),
  );

export const useAddNote = () =>
  useEnquiryMutation(({ id, text }: { id: number; text: string }) => apiPost(`/api/enquiries/${id}/notes`, { text }));

export const useSendReply = () =>
  useEnquiryMutation(({ id, message }: { id: number; message: string }) =>
    apiPost<{ mailed: boolean; message?: string; mail?: { to: string; subject: string; text: string } }>(
      `/api/enquiries/${id}/reply`,
      { message },
    ),
  );
