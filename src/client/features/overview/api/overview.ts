import { useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { Overview } from '#shared/schemas/overview.ts';

/** GET /api/overview: the dashboard's parts the signed-in user may read, in one request (issue 31). */
export const useOverview = () =>
  useQuery({
    queryKey: ['overview'],
    queryFn: async ({ signal }) => (await apiGet<{ data: Overview }>('/api/overview', { signal })).data,
  });
