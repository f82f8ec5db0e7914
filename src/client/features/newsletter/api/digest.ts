import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '#client/lib/api-client.ts';
import type { DigestSettings, DigestStatus } from '#shared/schemas/newsletter.ts';

const KEY = ['newsletter', 'digest'] as const;

/** GET /api/newsletter/digest: the weekly digest's settings, its next and last hour. */
export const useDigest = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await apiGet<{ data: DigestStatus }>('/api/newsletter/digest', { signal })).data,
  });

/** PUT /api/newsletter/digest. */
export function useSaveDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: DigestSettings) =>
      (await apiPut<{ data: DigestStatus }>('/api/newsletter/digest', { ...settings })).data,
    onSuccess: (status) => client.setQueryData(KEY, status),
  });
}
