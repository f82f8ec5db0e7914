import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { InstallStatus } from '../../../../shared/schemas/install.ts';

export const getInstallStatus = () => apiGet<InstallStatus>('/api/install/status');

export const installStatusQueryOptions = () => queryOptions({ queryKey: ['install', 'status'], queryFn: getInstallStatus });

export const useInstallStatus = () => useQuery(installStatusQueryOptions());
