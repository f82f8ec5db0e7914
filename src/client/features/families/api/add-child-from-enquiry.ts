import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#client/lib/api-client.ts';
import type { Family, FamilyFromEnquiry } from '#shared/schemas/family.ts';

/**
 * POST /api/families/:id/children/from-enquiry/:enquiryId: a sibling's enrolled admission adds its
 * child to the family that already has the parent; `corrections` as on creating a family.
 */
export function useAddChildFromEnquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      familyId,
      enquiryId,
      corrections,
    }: {
      familyId: number;
      enquiryId: number;
      corrections?: FamilyFromEnquiry;
    }) => (await apiPost<{ data: Family }>(`/api/families/${familyId}/children/from-enquiry/${enquiryId}`, corrections)).data,
    onSuccess: (family) => {
      client.setQueryData(['families', 'one', family.id], family);
      return client.invalidateQueries({ queryKey: ['families', 'list'] });
    },
  });
}
