import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';
import type { TwoFactorSetup } from '../../../../shared/schemas/security.ts';
import type { CurrentUser } from '../../../../shared/schemas/user.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/** The second step of a sign-in: a code from the app, or a recovery code. */
export const verifySecondStep = (code: string) =>
  apiPost<{ message: string; user: CurrentUser }>('/api/auth/two-factor/verify', { code });

export function useVerifySecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondStep,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast.success('Login successful!');
    },
  });
}

/** Setting up the second factor the school requires, between the password and the first session. */
export const startRequiredSetup = () => apiPost<{ data: TwoFactorSetup }>('/api/auth/two-factor/setup');

export const enableRequiredSetup = (code: string) =>
  apiPost<{ message: string; user: CurrentUser; recoveryCodes: string[] }>('/api/auth/two-factor/enable', { code });

export const useStartRequiredSetup = () => useMutation({ mutationFn: startRequiredSetup });
export const useEnableRequiredSetup = () => useMutation({ mutationFn: enableRequiredSetup });
