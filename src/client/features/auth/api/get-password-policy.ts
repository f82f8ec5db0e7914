import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { passwordPolicy, type PasswordPolicy } from '../../../../shared/schemas/security.ts';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/schemas/user.ts';

/** What the school asks of a new password (Settings > Security); every new-password form shows its hint. */
export const getPasswordPolicy = async () => (await apiGet<{ data: PasswordPolicy }>('/api/auth/password-policy')).data;

export const passwordPolicyQueryOptions = () => queryOptions({ queryKey: ['password-policy'], queryFn: getPasswordPolicy });

/** The policy, or the defaults while it loads. */
export function usePasswordPolicy(): PasswordPolicy {
  return useQuery(passwordPolicyQueryOptions()).data ?? passwordPolicy(MIN_PASSWORD_LENGTH);
}
