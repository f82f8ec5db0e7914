import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { PermissionEntry } from '../../../../shared/schemas/user.ts';

/** §3 User permission entry. */
export type UserPermissionEntry = PermissionEntry;

/** §7 GET /users/permission/{id}: every module as the user effectively has it. */
export const getUserPermissions = async (id: number) =>
  (await apiGet<{ permissions: UserPermissionEntry[] }>(`/api/users/permission/${id}`)).permissions;

export const userPermissionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['user-permissions', id], queryFn: () => getUserPermissions(id) });

export const useUserPermissions = (id: number | null) =>
  useQuery({ ...userPermissionsQueryOptions(id ?? 0), enabled: id !== null });
