import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { Role } from '../../../../shared/schemas/role.ts';

export const ROLES_QUERY_KEY = ['roles'] as const;

export type { Role };

/** §7 GET /roles/get. */
export const getRoles = () =>
  apiGet<{ data: Role[]; total: number; counts: { total: number; custom: number; system: number } }>('/api/roles/get');

export const rolesQueryOptions = () => queryOptions({ queryKey: [...ROLES_QUERY_KEY, 'list'], queryFn: getRoles });

export const useRoles = () => useQuery(rolesQueryOptions());
