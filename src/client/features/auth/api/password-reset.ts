import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import type { PasswordReset, PasswordResetRequest } from '../../../../shared/schemas/auth.ts';

/** Whether this site can send the link (SMTP set up), and what to say when it cannot. */
export const useResetAvailability = () =>
  useQuery({
    queryKey: ['password-reset'],
    queryFn: async () =>
      (await apiGet<{ data: { available: boolean; message: string | null } }>('/api/auth/password-reset')).data,
  });

/** Asks for a link; the answer is the same whether or not the address is known. */
export const useRequestReset = () =>
  useMutation({
    mutationFn: (input: PasswordResetRequest) => apiPost<{ message: string }>('/api/auth/password-reset', input),
  });

/** Whether the link opened still works. */
export const useResetLink = (token: string) =>
  useQuery({
    queryKey: ['password-reset', 'link', token],
    queryFn: async () =>
      (await apiPost<{ data: { valid: boolean; message: string | null } }>('/api/auth/password-reset/check', { token })).data,
    retry: false,
    enabled: token.length > 0,
  });

export const useConfirmReset = () =>
  useMutation({
    mutationFn: (input: PasswordReset) => apiPost<{ message: string }>('/api/auth/password-reset/confirm', input),
  });
