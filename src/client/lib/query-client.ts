import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * §9, staff area: no retries, no refetch on focus, data never stale (mutations invalidate what they
 * change). `onUnauthorized` runs when any call answers 401 (the session ended or was revoked);
 * `onForbidden` when one answers 403 (the user's permissions may have changed since they were read).
 */
export function createStaffQueryClient(
  options: { onUnauthorized?: (client: QueryClient) => void; onForbidden?: (client: QueryClient) => void } = {},
) {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) options.onUnauthorized?.(client);
    else if (isForbidden(error)) options.onForbidden?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return client;
}

/** §9 elsewhere: 3 retries with exponential back-off capped at 30 s; unused data dropped after 5 minutes. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
      },
    },
  });
}
