import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiDelete, apiGet } from '../../../lib/api-client.ts';
import type { BuiltInRolesNotice } from '../../../../shared/schemas/user.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

const NOTICE_KEY = [...USERS_QUERY_KEY, 'built-in-roles-notice'] as const;

/** Issue 29: the note an upgrade left for administrators when the built-in roles were narrowed. */
export const getBuiltInRolesNotice = () => apiGet<{ data: BuiltInRolesNotice | null }>('/api/users/built-in-roles-notice');

export const useBuiltInRolesNotice = (enabled: boolean) =>
  useQuery({ queryKey: NOTICE_KEY, queryFn: getBuiltInRolesNotice, enabled, staleTime: Infinity });

export function useDismissBuiltInRolesNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<{ message: string }>('/api/users/built-in-roles-notice'),
    onSuccess: () => client.setQueryData(NOTICE_KEY, { data: null }),
    onError: (error) => toast.error(error.message),
  });
}
