import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';

export const USERS_QUERY_KEY = ['users'] as const;

export interface UsersFilter {
  /** 'all', or a status. */
  status: string;
  /** 'all', 'none' (Unassigned) or a role id. */
  roleId: string;
}

export interface UsersPage {
  data: PublicUser[];
  total: number;
  /** Whole-school counters (the filters do not change them). */
  counts: { total: number; active: number; admins: number };
}

/** Enough for every member of staff of a school on one page. */
export const USERS_PAGE_SIZE = 200;

/** §7 GET /auth/users, filtered on the server. */
export const getUsers = (filter: UsersFilter = { status: 'all', roleId: 'all' }) => {
  const query = new URLSearchParams({ limit: String(USERS_PAGE_SIZE) });
  if (filter.status !== 'all') query.set('status', filter.status);
  if (filter.roleId !== 'all') query.set('roleId', filter.roleId);
  return apiGet<UsersPage>(`/api/auth/users?${query}`);
};

export const usersQueryOptions = (filter?: UsersFilter) =>
  queryOptions({ queryKey: [...USERS_QUERY_KEY, 'list', filter ?? null], queryFn: () => getUsers(filter) });

export const useUsers = (filter?: UsersFilter) => useQuery({ ...usersQueryOptions(filter), placeholderData: keepPreviousData });
