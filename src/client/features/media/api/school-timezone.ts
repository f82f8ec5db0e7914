import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** The school's timezone (dates are shown and typed in it, DESIGN §3); undefined while loading. */
export function useSchoolTimezone(): string | undefined {
  const { data, isError } = useQuery({
    queryKey: ['school'],
    queryFn: () => apiGet<{ data: { timezone: string } }>('/api/school'),
  });
  return data?.data.timezone ?? (isError ? 'UTC' : undefined);
}
