import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../../shared/schemas/user.ts';

export const USER_QUERY_KEY = ['auth', 'user'] as const;

/** §4: the current user is fetched at start; null when nobody is signed in. */
export const getUser = async () => (await apiGet<{ user: CurrentUser | null }>('/api/auth/user')).user;

/** Read again when the window regains focus: an administrator may have changed this user's permissions. */
export const userQueryOptions = () =>
  queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser, refetchOnWindowFocus: 'always' });

export const useUser = () => useQuery(userQueryOptions());
