import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import type { Gallery, GalleryInput } from '../../../../shared/schemas/gallery.ts';

export const useGalleries = () =>
  useQuery({
    queryKey: ['galleries', 'list'],
    queryFn: async () => (await apiGet<{ data: Gallery[] }>('/api/admin/galleries')).data,
  });

export const useGallery = (id: number | null | undefined) =>
  useQuery({
    queryKey: ['galleries', 'one', id],
    queryFn: async () => (await apiGet<{ data: Gallery }>(`/api/admin/galleries/${id}`)).data,
    enabled: id != null,
  });

export function useSaveGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: GalleryInput }) =>
      id === null
        ? (await apiPost<{ data: Gallery }>('/api/admin/galleries', input as Record<string, unknown>)).data
        : (await apiPut<{ data: Gallery }>(`/api/admin/galleries/${id}`, input as Record<string, unknown>)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['galleries'] }),
  });
}

export function useDeleteGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/admin/galleries/${id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['galleries'] });
      void client.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
