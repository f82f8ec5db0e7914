import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPut } from '../../../lib/api-client.ts';
import type { UserPermissionEntry } from './get-user-permissions.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/**
 * §4/§7 PUT /users/role/{id}: saves the role and, in the same transaction, the permission set
 * recomputed for it (admin: everything; another role: its stored permissions; Unassigned: none),
 * which the answer carries.
 */
export const updateUserRole = ({ id, roleId }: { id: number; roleId: number | null }) =>
  apiPut<{ message: string; permissions: UserPermissionEntry[] }>(`/api/users/role/${id}`, { id, roleId });

export function useUpdateUserRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: ({ permissions }, { id }) => {
      toast.success('User role updated successfully');
      client.setQueryData(['user-permissions', id], permissions);
      void client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['roles'] });
      void client.invalidateQueries({ queryKey: ['auth', 'user'] });
    },
    onError: (error) => toast.error(error.message || 'Update failed'),
  });
}
