import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPut } from '../../../lib/api-client.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export interface UserUpdateInput {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'active' | 'inactive' | 'suspended';
}

/** §7 PUT /users/update/{id}: the details; the role and password have their own calls. */
export const updateUser = (input: UserUpdateInput) => apiPut<{ data: PublicUser }>(`/api/users/update/${input.id}`, { ...input });

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      toast.success('User updated successfully');
      void client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      // The signed-in user's own name may have changed.
      void client.invalidateQueries({ queryKey: ['auth', 'user'] });
    },
    onError: (error) => toast.error(error.message || 'Update failed'),
  });
}
