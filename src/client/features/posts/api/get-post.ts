import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { Post } from '../../../../shared/schemas/post.ts';

/** Which post: by its slug or by its id (the staff view takes either, §2 /cms/blogpage). */
export type PostRef = { slug: string } | { id: string };

/** §7 GET /posts/slug/{slug} or /posts/{id}; a signed-in writer gets drafts too. */
export const getPost = async (ref: PostRef) =>
  (
    await apiGet<{ data: Post }>(
      'slug' in ref ? `/api/posts/slug/${encodeURIComponent(ref.slug)}` : `/api/posts/${encodeURIComponent(ref.id)}`,
    )
  ).data;

export const usePost = (ref: PostRef | null) =>
  useQuery({ queryKey: ['posts', 'one', ref], queryFn: () => getPost(ref!), enabled: ref !== null });
