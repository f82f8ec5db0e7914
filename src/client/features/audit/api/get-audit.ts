import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { AuditFilter, AuditPage } from '../../../../shared/schemas/audit.ts';

export type AuditParams = AuditFilter & { limit: number; cursor?: string };

/** Only the filters that are set, as a query string. */
export function auditSearch(params: Partial<AuditParams>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

export const getAudit = (params: AuditParams) => apiGet<AuditPage>(`/api/audit?${auditSearch(params)}`);

export const auditQueryOptions = (params: AuditParams) =>
  queryOptions({ queryKey: ['audit', params], queryFn: () => getAudit(params), placeholderData: keepPreviousData });

export const useAudit = (params: AuditParams) => useQuery(auditQueryOptions(params));

/** The CSV of everything the filters match (a plain download: the browser sends the cookie). */
export const auditExportUrl = (filter: AuditFilter) => `/api/audit/export?${auditSearch(filter)}`;
