import { QueryClient } from '@tanstack/react-query';

/** §9, staff area: no retries, no refetch on focus, data never stale (mutations invalidate what they change). */
export function createStaffQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
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
