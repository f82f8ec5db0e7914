import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/** An administrator ends every session of a member of staff (a lost laptop, someone leaving). */
export const endUserSessions = (id: number) => apiPost<{ message: string; ended: number }>(`/api/users/${id}/sessions/end`);

/** An administrator removes a member of staff's second factor (a lost phone); audited. */
export const resetTwoFactor = (id: number) => apiPost<{ message: string }>(`/api/users/${id}/two-factor/reset`);

function useUserAction(mutationFn: (id: number) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ message }) => {
      toast.success(message);
      void client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
}

export const useEndUserSessions = () => useUserAction(endUserSessions);
export const useResetTwoFactor = () => useUserAction(resetTwoFactor);
