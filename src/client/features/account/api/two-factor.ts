import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../../shared/schemas/security.ts';

export const TWO_FACTOR_QUERY_KEY = ['account', 'two-factor'] as const;

export const getTwoFactorStatus = async () => (await apiGet<{ data: TwoFactorStatus }>('/api/account/two-factor')).data;
export const useTwoFactorStatus = () => useQuery(queryOptions({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: getTwoFactorStatus }));

/** The user's own second factor: start (current password), confirm (a code), turn off, new recovery codes. */
export const startSetup = (currentPassword: string) =>
  apiPost<{ data: TwoFactorSetup }>('/api/account/two-factor/setup', { currentPassword });
export const enableTwoFactor = (code: string) =>
  apiPost<{ message: string; recoveryCodes: string[] }>('/api/account/two-factor/enable', { code });
export const disableTwoFactor = (currentPassword: string) =>
  apiPost<{ message: string }>('/api/account/two-factor/disable', { currentPassword });
export const newRecoveryCodes = (currentPassword: string) =>
  apiPost<{ message: string; recoveryCodes: string[] }>('/api/account/two-factor/recovery-codes', { currentPassword });

const useRefreshing = <T, V>(mutationFn: (v: V) => Promise<T>, success?: (answer: T) => string | undefined) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      const message = success?.(answer);
      if (message) toast.success(message);
      void client.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['auth', 'user'] });
    },
  });
};

export const useStartSetup = () => useMutation({ mutationFn: startSetup });
export const useEnableTwoFactor = () => useRefreshing(enableTwoFactor, (a) => a.message);
export const useDisableTwoFactor = () => useRefreshing(disableTwoFactor, (a) => a.message);
export const useNewRecoveryCodes = () => useRefreshing(newRecoveryCodes);
