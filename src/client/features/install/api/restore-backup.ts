import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { RestoreResult } from '../../../../shared/schemas/backup.ts';

/** POST /api/install/restore: the archive itself is the body; the setup code (if any) rides in a header. */
export const restoreBackupAtInstall = ({ file, setupCode }: { file: File; setupCode?: string }) =>
  apiRequest<RestoreResult>('POST', '/api/install/restore', undefined, {
    body: file,
    headers: { 'content-type': 'application/gzip', ...(setupCode ? { 'x-setup-code': setupCode } : {}) },
  });

export const useRestoreBackupAtInstall = () => useMutation({ mutationFn: restoreBackupAtInstall });
