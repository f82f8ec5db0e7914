import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiDelete } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/** §7 DELETE /users/{id}. */
export const deleteUser = (id: number) => apiDelete<{ message: string }>(`/api/users/${id}`);

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      toast.success('User deleted successfully');
      void client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['roles'] });
    },
    onError: (error) => toast.error(error.message || 'Failed to delete user'),
  });
}
