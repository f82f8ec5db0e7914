import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api-client.ts';

/** The school's name for the sidebar and the sign-in screen (public read). */
export function useSchoolName(): string {
  const { data } = useQuery({
    queryKey: ['school'],
    queryFn: () => apiGet<{ data: { name: string } }>('/api/school'),
  });
  return data?.data.name ?? 'Sprout';
}
