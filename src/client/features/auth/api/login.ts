import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';
import type { Login } from '../../../../shared/schemas/auth.ts';
import type { SignInNext } from '../../../../shared/schemas/security.ts';
import type { CurrentUser } from '../../../../shared/schemas/user.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/** A right password answers the user, or `next` when a second step (or its setup) comes first. */
export type LoginAnswer =
  { message: string; user: CurrentUser; next?: undefined } | { message: string; next: SignInNext; user?: undefined };

export const login = (input: Login) => apiPost<LoginAnswer>('/api/auth/login', input);

/** Stores the signed-in user (§4) and toasts §8's texts; a second step leaves the user unset. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!answer.user) return;
      queryClient.setQueryData(USER_QUERY_KEY, answer.user);
      toast.success('Login successful!');
    },
    onError: (error) => {
      toast.error(error.message || 'Login failed');
    },
  });
}
