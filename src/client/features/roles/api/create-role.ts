import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';
import type { Module, ModulePermission } from '../../../../shared/permissions.ts';
import { ROLES_QUERY_KEY, type Role } from './get-roles.ts';

export interface RoleInput {
  /** Left out for a new role: the server derives it from the display name. */
  name?: string;
  displayName: string;
  description: string;
  permissions: Partial<Record<Module, ModulePermission>>;
}

/** §7 POST /roles/create (a created role is never a system role). */
export const createRole = (input: RoleInput) => apiPost<{ data: Role }>('/api/roles/create', { ...input, isSystem: false });

export function useCreateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => {
      toast.success('Role added');
      void client.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
    },
    onError: (error) => toast.error(error.message || 'Add failed'),
  });
}
