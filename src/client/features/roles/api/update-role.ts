import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPut } from '../../../lib/api-client.ts';
import type { RoleInput } from './create-role.ts';
import { ROLES_QUERY_KEY, type Role } from './get-roles.ts';

/** §7 PUT /roles/update/{id}. */
export const updateRole = ({ id, ...input }: RoleInput & { id: number }) =>
  apiPut<{ data: Role }>(`/api/roles/update/${id}`, { id, ...input });

export function useUpdateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => {
      toast.success('Role saved');
      void client.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      // Users holding the role may have new effective permissions, the signed-in one included.
      void client.invalidateQueries({ queryKey: ['users'] });
      void client.invalidateQueries({ queryKey: ['auth', 'user'] });
    },
    onError: (error) => toast.error(error.message || 'Update failed'),
  });
}
