import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import type { CategoryListPage, CategoryListQuery } from '../../../../shared/schemas/category.ts';
import { listSearchParams, MAX_LIST_LIMIT } from '../../../../shared/schemas/list-query.ts';

/** One page of categories by name, each with its number of events. */
export const useCategoriesList = (query: CategoryListQuery) =>
  useQuery({
    queryKey: ['categories', 'list', query],
    queryFn: ({ signal }) => apiGet<CategoryListPage>(`/api/categories${listSearchParams({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The categories an event can have, by name (a school has a handful: one page holds them). */
export const useCategories = () => {
  const list = useCategoriesList({ limit: MAX_LIST_LIMIT });
  return { ...list, data: list.data?.data };
};

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      id === null ? apiPost('/api/categories', { name }) : apiPut(`/api/categories/${id}`, { name }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['categories'] });
      void client.invalidateQueries({ queryKey: ['events'] });
    },
  });
}

/** Deletes a category; with `moveTo`, the server first moves the events using it there (one transaction). */
export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo?: number }) =>
      apiDelete<{ success: true; moved?: number }>(`/api/categories/${id}${moveTo ? `?moveTo=${moveTo}` : ''}`),
    onSuccess: (_result, { moveTo }) => {
      void client.invalidateQueries({ queryKey: ['categories'] });
      if (moveTo) void client.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
