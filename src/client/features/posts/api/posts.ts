import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPut, ApiError } from '../../../lib/api-client.ts';
import type { ContentAudience } from '../../../../shared/schemas/audience.ts';
import type { Post, PostListPage, PostListQuery } from '../../../../shared/schemas/post.ts';
import { listSearchParams } from '../../../../shared/schemas/list-query.ts';

/** One page of post summaries (no bodies) with the blog counters. */
export const usePostsList = (query: PostListQuery) =>
  useQuery({
    queryKey: ['posts', 'list', query],
    queryFn: ({ signal }) => apiGet<PostListPage>(`/api/posts${listSearchParams({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The whole post, body included, for the editor. */
export const usePost = (id: number | null) =>
  useQuery({
    queryKey: ['posts', 'one', id],
    queryFn: async () => (await apiGet<{ data: Post }>(`/api/posts/${id}`)).data,
    enabled: id !== null,
  });

export async function checkSlug(slug: string, excludeId: number | null, signal?: AbortSignal) {
  const q = excludeId ? `?exclude=${excludeId}` : '';
  return apiGet<{ available: boolean; exists: boolean; slug: string }>(`/api/posts/check-slug/${encodeURIComponent(slug)}${q}`, {
    signal,
  });
}

export interface PostForm {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  status: 'draft' | 'published';
  tags: string[];
  audience?: ContentAudience | undefined;
  audienceBranch: string | null;
  audienceProgramme: string | null;
  /** A new cover file, or null to keep (or `removeCover`). */
  coverFile: File | null;
  removeCover: boolean;
  /** Issue 34: a draft published by the server at this ISO time; null cancels; left out keeps the post's. */
  publishAt?: string | null;
}

/** POST/PUT /api/posts as multipart (§7), with upload progress. */
export function useSavePost(onProgress: (p: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: PostForm }) =>
      new Promise<Post>((resolve, reject) => {
        const data = new FormData();
        data.append('title', form.title);
        data.append('slug', form.slug);
        data.append('excerpt', form.excerpt);
        data.append('content', form.content);
        data.append('status', form.status);
        data.append('tags', JSON.stringify(form.tags));
        if (form.audience) data.append('audience', form.audience);
        data.append('audienceBranch', form.audienceBranch ?? '');
        data.append('audienceProgramme', form.audienceProgramme ?? '');
        if (form.removeCover && !form.coverFile) data.append('cover_image', '');
        if (form.coverFile) data.append('coverImage', form.coverFile, form.coverFile.name);
        if (form.publishAt !== undefined) data.append('publishAt', form.publishAt ?? '');
        const xhr = new XMLHttpRequest();
        xhr.open(id === null ? 'POST' : 'PUT', id === null ? '/api/posts' : `/api/posts/${id}`);
        xhr.withCredentials = true;
        xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
        xhr.onerror = () => reject(new Error('Network error'));
        xhr.onload = () => {
          let body: { data?: Post; error?: string; fields?: Record<string, string> } = {};
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            /* not JSON */
          }
          if (xhr.status >= 200 && xhr.status < 300 && body.data) resolve(body.data);
          // The server's field messages land on the editor's fields (issue 32: the audience's branch, programme).
          else reject(new ApiError(xhr.status, body.error ?? 'Server error', body.fields, body));
        };
        xhr.send(data);
      }),
    // Refetches what is on screen (one page of the list); other pages are refetched when shown.
    onSuccess: (post) => {
      client.setQueryData(['posts', 'one', post.id], post);
      void client.invalidateQueries({ queryKey: ['posts', 'list'] });
    },
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/posts/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['posts'] }),
  });
}

/** Issue 34: cancels a draft's schedule (the post stays a draft); the rest of the post is saved as it is. */
export function useCancelPostSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const post = (await apiGet<{ data: Post }>(`/api/posts/${id}`)).data;
      const { title, slug, excerpt, content, tags } = post;
      return (
        await apiPut<{ data: Post }>(`/api/posts/${id}`, {
          title,
          slug,
          excerpt,
          content,
          tags,
          status: 'draft',
          publishAt: null,
        })
      ).data;
    },
    onSuccess: (post) => {
      client.setQueryData(['posts', 'one', post.id], post);
      void client.invalidateQueries({ queryKey: ['posts', 'list'] });
    },
  });
}
