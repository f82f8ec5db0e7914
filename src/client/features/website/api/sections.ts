import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '#client/lib/api-client.ts';
import type { SectionKey } from '#shared/schemas/site-content-defaults.ts';
import type { SiteContent } from '#shared/schemas/site-content.ts';
import type { SectionChange, SectionDocument, SectionSummary } from '#shared/schemas/site-sections.ts';

export type { SectionChange, SectionDocument, SectionSummary } from '#shared/schemas/site-sections.ts';

const base = (key: SectionKey) => `/api/website/sections/${key}`;

export const sectionsQuery = queryOptions({
  queryKey: ['website', 'sections'],
  queryFn: async () => (await apiGet<{ data: SectionSummary[] }>('/api/website/sections')).data,
});

export const sectionQuery = <K extends SectionKey>(key: K) =>
  queryOptions({
    queryKey: ['website', 'sections', key],
    queryFn: async () => (await apiGet<{ data: SectionDocument<K> }>(base(key))).data,
  });

export const useSections = () => useQuery(sectionsQuery);
export const useSection = <K extends SectionKey>(key: K) => useQuery(sectionQuery(key));

/**
 * The section's actions (save draft, discard, publish, reset): each answers the section as it now
 * is, which replaces the cached one; the list of sections is read again.
 */
export function useSectionAction<K extends SectionKey, V = void>(
  key: K,
  send: (value: V) => Promise<{ data: SectionChange<K> }>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (value: V) => (await send(value)).data,
    onSuccess: (section) => {
      client.setQueryData(sectionQuery(key).queryKey, section);
      void client.invalidateQueries({ queryKey: sectionsQuery.queryKey, exact: true });
      void client.invalidateQueries({ queryKey: ['website', 'versions', key] });
    },
  });
}

type Answer<K extends SectionKey> = { data: SectionChange<K> };

export const useSaveDraft = <K extends SectionKey>(key: K) =>
  useSectionAction(key, (content: SiteContent[K]) => apiPut<Answer<K>>(`${base(key)}/draft`, { content }));
export const useDiscardDraft = <K extends SectionKey>(key: K) =>
  useSectionAction(key, () => apiDelete<Answer<K>>(`${base(key)}/draft`));
export const usePublish = <K extends SectionKey>(key: K) =>
  useSectionAction(key, () => apiPost<Answer<K>>(`${base(key)}/publish`));
export const useResetToDefault = <K extends SectionKey>(key: K) =>
  useSectionAction(key, () => apiPost<Answer<K>>(`${base(key)}/reset`));

/** The address of the real page with the section's draft applied (framed by the preview). */
export const previewUrl = (key: SectionKey) => `/api/website/preview?section=${key}`;
