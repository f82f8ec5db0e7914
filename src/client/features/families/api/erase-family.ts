import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#client/lib/api-client.ts';
import type { FamilyErase, FamilyErasure } from '#shared/schemas/family.ts';

/** The export of everything held about a family: a zip the browser downloads (GET, families: write). */
export const familyExportUrl = (id: number) => `/api/families/${id}/export`;

/**
 * POST /api/families/:id/erase (families: delete). A 409 with `needsConfirmation` asks again with
 * `confirm`. The family's admission changes too, so the enquiries' lists are read again.
 */
export function useEraseFamily(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: FamilyErase) => (await apiPost<{ data: FamilyErasure }>(`/api/families/${id}/erase`, input)).data,
    onSuccess: () =>
      Promise.all([
        // Not read again now: the erased family's screen, still open, would ask for it (a 404).
        client.invalidateQueries({ queryKey: ['families'], refetchType: 'none' }),
        client.invalidateQueries({ queryKey: ['enquiries'] }),
      ]),
  });
}
