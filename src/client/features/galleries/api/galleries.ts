import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import type {
  Gallery,
  GalleryInput,
  GalleryListPage,
  GalleryListQuery,
  PhotoTagsInput,
} from '../../../../shared/schemas/gallery.ts';
import type { HiddenPhoto } from '../../../../shared/schemas/hidden-photo.ts';
import { listSearchParams, MAX_LIST_LIMIT } from '../../../../shared/schemas/list-query.ts';

/** One page of gallery summaries (no image lists) with the five counters. */
export const useGalleriesList = (query: GalleryListQuery) =>
  useQuery({
    queryKey: ['galleries', 'list', query],
    queryFn: ({ signal }) => apiGet<GalleryListPage>(`/api/admin/galleries${listSearchParams({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
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
    onSuccess: (gallery) => {
      client.setQueryData(['galleries', 'one', gallery.id], gallery);
      void client.invalidateQueries({ queryKey: ['galleries', 'list'] });
      void client.invalidateQueries({ queryKey: ['galleries', 'hidden-photos'] });
    },
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

/**
 * What an event's gallery select offers: the newest galleries (one page of the list), plus the
 * gallery the event links already when it is older than those.
 */
export function useGalleryChoices(linkedId: number | null): Pick<Gallery, 'id' | 'title' | 'published'>[] {
  const newest = useGalleriesList({ limit: MAX_LIST_LIMIT }).data?.data;
  const missing = linkedId !== null && !!newest && !newest.some((g) => g.id === linkedId);
  const linked = useGallery(missing ? linkedId : null).data;
  const choices = newest ?? [];
  return missing && linked ? [...choices, linked] : choices;
}

/** The children tagged in one photo (issue 32); a 409 names the children whose consent refuses it. */
export function useSetPhotoTags(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PhotoTagsInput) =>
      (await apiPut<{ data: Gallery }>(`/api/admin/galleries/${id}/tags`, input as unknown as Record<string, unknown>)).data,
    onSuccess: (gallery) => {
      client.setQueryData(['galleries', 'one', gallery.id], gallery);
      void client.invalidateQueries({ queryKey: ['galleries', 'hidden-photos'] });
    },
  });
}

/**
 * The photos hidden from their audience by a withdrawn consent (issue 32): only asked for by staff
 * who may read families (the answer names children).
 */
export const useHiddenPhotos = (enabled: boolean) =>
  useQuery({
    queryKey: ['galleries', 'hidden-photos'],
    queryFn: async ({ signal }) => (await apiGet<{ data: HiddenPhoto[] }>('/api/admin/galleries/hidden-photos', { signal })).data,
    enabled,
  });
