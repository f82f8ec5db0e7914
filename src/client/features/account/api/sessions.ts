import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client.ts';
import type { SessionView } from '../../../../shared/schemas/security.ts';

export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;

export const getSessions = async () => (await apiGet<{ data: SessionView[] }>('/api/account/sessions')).data;
export const useSessions = () => useQuery(queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: getSessions }));

export const endSession = (id: number) => apiDelete<{ message: string }>(`/api/account/sessions/${id}`);
export const endOtherSessions = () => apiPost<{ message: string; ended: number }>('/api/account/sessions/end-others');

function useEnding<V>(mutationFn: (v: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ message }) => {
      toast.success(message);
      void client.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
}

export const useEndSession = () => useEnding(endSession);
export const useEndOtherSessions = () => useEnding(endOtherSessions);
