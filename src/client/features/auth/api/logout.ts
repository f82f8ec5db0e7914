import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';

export const logout = () => apiPost<{ message: string }>('/api/logout');

/** §4: a successful logout goes to /; the toast shows first (§8 'Logout successful!'). */
export function useLogout({ onDone }: { onDone: () => void }) {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toast.success('Logout successful!');
      onDone();
    },
    onError: (error) => {
      toast.error(error.message || 'Logout failed');
    },
  });
}
