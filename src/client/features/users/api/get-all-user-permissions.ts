import { useQueries } from '@tanstack/react-query';
import { userPermissionsQueryOptions, type UserPermissionEntry } from './get-user-permissions.ts';

/** The effective permissions of each listed user (one GET /users/permission/{id} each, cached per user). */
export function useAllUserPermissions(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => userPermissionsQueryOptions(id)),
    combine: (results) => ({
      byUser: new Map<number, UserPermissionEntry[]>(results.flatMap((r, i) => (r.data ? [[ids[i]!, r.data] as const] : []))),
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}
