import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPut } from '../../../lib/api-client.ts';
import type { UserPermissionEntry } from './get-user-permissions.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/** §6/§7 PUT /users/permission/{id}: only the enabled modules are sent (the others become off). */
export const updateUserPermissions = ({ id, permissions }: { id: number; permissions: UserPermissionEntry[] }) =>
  apiPut<{ message: string; permissions: UserPermissionEntry[] }>(`/api/users/permission/${id}`, {
    id,
    permissions: permissions.filter((p) => p.enabled),
  });

export function useUpdateUserPermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUserPermissions,
    onSuccess: ({ permissions }, { id }) => {
      toast.success('User permission updated successfully');
      client.setQueryData(['user-permissions', id], permissions);
      void client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['auth', 'user'] });
    },
    onError: (error) => toast.error(error.message || 'Update failed'),
  });
}
