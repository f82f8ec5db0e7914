import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';
import type { Category } from '../../../../shared/schemas/category.ts';

export const useCategories = () =>
  useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await apiGet<{ data: Category[] }>('/api/categories')).data,
  });

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

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/categories/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['categories'] }),
  });
}
