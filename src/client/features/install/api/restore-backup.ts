import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { encodeRestoreConfirm, RESTORE_CONFIRM_HEADER, type RestoreResult } from '../../../../shared/schemas/backup.ts';

/**
 * POST /api/install/restore: the archive itself is the body; the setup code (if any) and the
 * backup's passphrase (opens its two-factor key) ride in headers.
 */
export const restoreBackupAtInstall = ({
  file,
  setupCode,
  passphrase,
}: {
  file: File;
  setupCode?: string;
  passphrase?: string;
}) =>
  apiRequest<RestoreResult>('POST', '/api/install/restore', undefined, {
    body: file,
    headers: {
      'content-type': 'application/gzip',
      ...(setupCode ? { 'x-setup-code': setupCode } : {}),
      [RESTORE_CONFIRM_HEADER]: encodeRestoreConfirm({ name: file.name.slice(0, 200), ...(passphrase ? { passphrase } : {}) }),
    },
  });

export const useRestoreBackupAtInstall = () => useMutation({ mutationFn: restoreBackupAtInstall });
