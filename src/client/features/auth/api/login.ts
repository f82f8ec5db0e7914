import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';
import type { Login } from '../../../../shared/schemas/auth.ts';
import type { CurrentUser } from '../../../../shared/schemas/user.ts';
import { USER_QUERY_KEY } from './get-user.ts';

export const login = (input: Login) => apiPost<{ message: string; user: CurrentUser }>('/api/auth/login', input);

/** Stores the signed-in user (§4) and toasts §8's texts. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast.success('Login successful!');
    },
    onError: (error) => {
      toast.error(error.message || 'Login failed');
    },
  });
}
