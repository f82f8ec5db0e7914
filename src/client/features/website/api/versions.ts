import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '#client/lib/api-client.ts';
import type { SectionKey } from '#shared/schemas/site-content-defaults.ts';
import type { SiteContent } from '#shared/schemas/site-content.ts';
import type { Version, VersionSummary } from '#shared/schemas/site-sections.ts';
import { useSectionAction, type SectionChange } from './sections.ts';

export type { VersionSummary } from '#shared/schemas/site-sections.ts';

export const useVersions = (key: SectionKey, enabled: boolean) =>
  useQuery({
    queryKey: ['website', 'versions', key],
    queryFn: async () => (await apiGet<{ data: VersionSummary[] }>(`/api/website/sections/${key}/versions`)).data,
    enabled,
  });

export const versionQuery = <K extends SectionKey>(key: K, id: number) =>
  queryOptions({
    queryKey: ['website', 'versions', key, id],
    queryFn: async () => (await apiGet<{ data: Version<SiteContent[K]> }>(`/api/website/sections/${key}/versions/${id}`)).data,
  });

export const useVersion = <K extends SectionKey>(key: K, id: number | null) =>
  useQuery({ ...versionQuery(key, id ?? 0), enabled: id !== null });

/** Publishes an earlier version again (the one it replaces joins the history). */
export const useRestoreVersion = <K extends SectionKey>(key: K) =>
  useSectionAction(key, (id: number) =>
    apiPost<{ data: SectionChange<K> }>(`/api/website/sections/${key}/versions/${id}/restore`),
  );
