import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#client/lib/api-client.ts';
import type { PostMailingStarted } from '#shared/schemas/newsletter.ts';

/** POST /api/posts/:id/newsletter: a published post for everyone e-mailed to the subscribers of news (once; 409 after). */
export function useMailPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (postId: number) => (await apiPost<{ data: PostMailingStarted }>(`/api/posts/${postId}/newsletter`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['mailings'] }),
  });
}
