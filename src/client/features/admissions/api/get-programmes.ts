import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { ProgrammeOption } from '#shared/schemas/enquiry-options.ts';

export const getProgrammes = async () => (await apiGet<{ data: ProgrammeOption[] }>('/api/admissions/programmes')).data;

/**
 * The school's programmes (hidden ones too) for the board's filter and the seats editor. Read again
 * whenever a screen opens: staff rename and add them under Website, outside this feature.
 */
export const programmesQueryOptions = () => queryOptions({ queryKey: ['programmes'], queryFn: getProgrammes, staleTime: 0 });

export const useProgrammes = () => useQuery(programmesQueryOptions());
