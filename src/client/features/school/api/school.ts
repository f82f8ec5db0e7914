import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '#client/lib/api-client.ts';
import type { SchoolProfile } from '#shared/schemas/school.ts';

/** The one query for the school profile; the name and timezone hooks below read it too. */
const schoolQuery = {
  queryKey: ['school'],
  queryFn: async () => (await apiGet<{ data: SchoolProfile }>('/api/school')).data,
};

export const useSchoolProfile = () => useQuery(schoolQuery);

/** The school's name for the sidebar and the sign-in screen (public read). */
export function useSchoolName(): string {
  return useQuery(schoolQuery).data?.name ?? 'Sprout';
}

/** The school's timezone (dates are shown and typed in it, DESIGN §3); undefined while loading. */
export function useSchoolTimezone(): string | undefined {
  const { data, isError } = useQuery(schoolQuery);
  return data?.timezone ?? (isError ? 'UTC' : undefined);
}

export function useSaveSchoolProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (profile: SchoolProfile) => (await apiPut<{ data: SchoolProfile }>('/api/school', profile)).data,
    onSuccess: (profile) => client.setQueryData(schoolQuery.queryKey, profile),
  });
}
