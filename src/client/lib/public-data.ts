import { DEFAULT_SCHOOL, type SchoolProfile } from '#shared/schemas/school.ts';
import { apiGet } from './api-client.ts';

/**
 * What public pages read. On the server the renderer passes an implementation that calls the
 * services directly (no HTTP round trip); in the browser, client navigations use the API.
 */
export interface PublicData {
  school(): Promise<SchoolProfile>;
}

export const browserPublicData: PublicData = {
  school: async () => (await apiGet<{ data: SchoolProfile }>('/api/school').catch(() => ({ data: DEFAULT_SCHOOL }))).data,
};

/** The data source of a loader: the server's through the request context, else the browser's. */
export function publicData(context: unknown): PublicData {
  const fromServer = (context as { publicData?: PublicData } | undefined)?.publicData;
  return fromServer ?? browserPublicData;
}
