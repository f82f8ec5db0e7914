import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '#client/lib/api-client.ts';
import type { SchoolProfile } from '#shared/schemas/school.ts';

export const useSchoolProfile = () =>
  useQuery({ queryKey: ['school'], queryFn: async () => (await apiGet<{ data: SchoolProfile }>('/api/school')).data });

export function useSaveSchoolProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (profile: SchoolProfile) => (await apiPut<{ data: SchoolProfile }>('/api/school', profile)).data,
    onSuccess: (profile) => client.setQueryData(['school'], profile),
  });
}
