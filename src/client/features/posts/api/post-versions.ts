import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '#client/lib/api-client.ts';
import type { Post, PostVersion, PostVersionSummary } from '#shared/schemas/post.ts';

/** A post's kept versions, newest first (issue 34). */
export const usePostVersions = (postId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['posts', 'versions', postId],
    queryFn: async () => (await apiGet<{ data: PostVersionSummary[] }>(`/api/posts/${postId}/versions`)).data,
    enabled,
  });

/** One kept version and what changed from it to the post now, or to another version (`against`). */
export const usePostVersion = (postId: number, versionId: number, against: number | null) =>
  useQuery({
    queryKey: ['posts', 'versions', postId, versionId, against],
    queryFn: async () =>
      (
        await apiGet<{ data: PostVersion }>(
          `/api/posts/${postId}/versions/${versionId}${against === null ? '' : `?against=${against}`}`,
        )
      ).data,
  });

/** Puts a kept version back (the text it replaces joins the history). */
export function useRestorePostVersion(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (versionId: number) =>
      (await apiPost<{ data: Post }>(`/api/posts/${postId}/versions/${versionId}/restore`)).data,
    onSuccess: (post) => {
      client.setQueryData(['posts', 'one', post.id], post);
      void client.invalidateQueries({ queryKey: ['posts', 'versions', postId] });
      void client.invalidateQueries({ queryKey: ['posts', 'list'] });
    },
  });
}
