import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';
import type { ChangePassword } from '../../../../shared/schemas/auth.ts';
import { USER_QUERY_KEY } from './get-user.ts';

export const changePassword = (input: ChangePassword) => apiPost<{ message: string }>('/api/change-password', input);

/** §4: a successful change of one's own password forces a new sign-in (the server revoked every session). */
export function useChangePassword({ onSignedOut }: { onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success('Password changed successfully!');
      onSignedOut();
      // Keep the user query itself (its observers stay attached); drop everything else the old session loaded.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] && q.queryKey[0] !== 'school' });
      queryClient.setQueryData(USER_QUERY_KEY, null);
    },
    onError: (error) => {
      toast.error(error.message || 'Password change failed');
    },
  });
}
