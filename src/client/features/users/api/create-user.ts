import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export interface UserCreateInput {
  username: string;
  email: string;
  password: string;
  confirmPassword?: string;
  firstName: string;
  lastName: string;
  roleId: number | null;
  status: 'active' | 'inactive';
}

/** §7 POST /users/create. */
export const createUser = (input: UserCreateInput) => apiPost<{ data: PublicUser }>('/api/users/create', { ...input });

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      toast.success('Added user successfully');
      void client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['roles'] });
    },
    onError: (error) => toast.error(error.message || 'Add failed'),
  });
}
