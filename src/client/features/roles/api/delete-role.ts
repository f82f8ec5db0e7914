import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiDelete } from '../../../lib/api-client.ts';
import { ROLES_QUERY_KEY } from './get-roles.ts';

/** §7 DELETE /roles/delete/{id} (never a system role). */
export const deleteRole = (id: number) => apiDelete<{ message: string }>(`/api/roles/delete/${id}`);

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => {
      toast.success('Role deleted');
      void client.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => toast.error(error.message || 'Delete failed'),
  });
}
