import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '#client/lib/api-client.ts';
import type { DnsCheck, MailingDetail, MailingSummary, MailingTest, MailSettings, MailStatus } from '#shared/schemas/mailing.ts';

export const MAILINGS_PAGE_SIZE = 20;
export const FAILURES_PAGE_SIZE = 50;

export interface MailingsPage {
  data: MailingSummary[];
  total: number;
  limit: number;
  offset: number;
  mail: MailStatus;
}

/** Read again every 2 s while something is sending. */
const whileSending = (sending: boolean | undefined) => (sending ? 2000 : false);

/** The mailings, newest first, a page at a time, with whether e-mail can be sent at all. */
export const useMailings = (page: number) =>
  useQuery({
    queryKey: ['mailings', 'list', page],
    queryFn: ({ signal }) =>
      apiGet<MailingsPage>(`/api/mailings?limit=${MAILINGS_PAGE_SIZE}&offset=${(page - 1) * MAILINGS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileSending(query.state.data?.data.some((m) => m.state === 'sending')),
  });

/** One mailing's progress and a page of its failed recipients with the server's reasons. */
export const useMailingDetail = (id: number, page: number) =>
  useQuery({
    queryKey: ['mailings', 'detail', id, page],
    queryFn: ({ signal }) =>
      apiGet<{ data: MailingDetail; mail: MailStatus }>(
        `/api/mailings/${id}?limit=${FAILURES_PAGE_SIZE}&offset=${(page - 1) * FAILURES_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileSending(query.state.data?.data.state === 'sending'),
  });

export function useRetryFailed(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiPost<{ data: { queued: number } }>(`/api/mailings/${id}/retry-failed`, {})).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['mailings'] }),
  });
}

/** A test to the signed-in member of staff: `{ mailingId }` or a message of one's own. */
export const useSendTest = () =>
  useMutation({
    mutationFn: async (input: MailingTest) =>
      (await apiPost<{ data: { to: string } }>('/api/mailings/test', input as Record<string, unknown>)).data,
  });

export const useMailStatus = () =>
  useQuery({
    queryKey: ['mailings', 'settings'],
    queryFn: async ({ signal }) => (await apiGet<{ data: MailStatus }>('/api/mailings/settings', { signal })).data,
  });

export function useSaveMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MailSettings) => (await apiPut<{ data: MailStatus }>('/api/mailings/settings', input)).data,
    onSuccess: (status) => {
      client.setQueryData(['mailings', 'settings'], status);
      return client.invalidateQueries({ queryKey: ['mailings', 'list'] });
    },
  });
}

/** SPF and DMARC of the school's domain; looked up when asked (it may take a few seconds). */
export const useDnsCheck = () =>
  useQuery({
    queryKey: ['mailings', 'dns-check'],
    queryFn: async ({ signal }) => (await apiGet<{ data: DnsCheck }>('/api/mailings/dns-check', { signal })).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
