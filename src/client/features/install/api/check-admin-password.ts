import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { InstallAdmin } from '../../../../shared/schemas/install.ts';

/** The administrator step: the server's password policy, as Finish applies it (400 with the field's message). */
export const checkAdminPassword = (body: { admin: InstallAdmin; schoolName: string; setupCode?: string }) =>
  apiPost<{ ok: true }>('/api/install/check-password', body);

export const useCheckAdminPassword = () => useMutation({ mutationFn: checkAdminPassword });
