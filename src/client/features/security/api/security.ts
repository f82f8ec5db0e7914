import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiGet, apiPut } from '../../../lib/api-client.ts';
import type { SecuritySettings, TwoFactorPolicy } from '../../../../shared/schemas/security.ts';

export const SECURITY_QUERY_KEY = ['security'] as const;

export const getSecurity = async () =>
  (await apiGet<{ data: { settings: SecuritySettings; twoFactor: TwoFactorPolicy } }>('/api/security')).data;
export const useSecurity = () => useQuery(queryOptions({ queryKey: SECURITY_QUERY_KEY, queryFn: getSecurity }));

export const saveSecuritySettings = (input: SecuritySettings) =>
  apiPut<{ message: string; data: SecuritySettings }>('/api/security/settings', input);
export const saveTwoFactorPolicy = (input: TwoFactorPolicy) =>
  apiPut<{ message: string; data: TwoFactorPolicy }>('/api/security/two-factor', input);

function useSaving<V>(mutationFn: (v: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ message }) => {
      toast.success(message);
      void client.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['password-policy'] });
    },
    onError: (error) => toast.error(error.message),
  });
}

export const useSaveSecuritySettings = () => useSaving(saveSecuritySettings);
export const useSaveTwoFactorPolicy = () => useSaving(saveTwoFactorPolicy);
