import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut, apiRequest } from '#client/lib/api-client.ts';
import {
  encodeRestoreConfirm,
  RESTORE_CONFIRM_HEADER,
  type BackupPassphrase,
  type BackupSchedule,
  type BackupsOverview,
  type RestoreConfirm,
  type RestoreResult,
} from '#shared/schemas/backup.ts';

const backupsQuery = {
  queryKey: ['backups'],
  queryFn: () => apiGet<BackupsOverview>('/api/backups'),
};

/** The stored backups, the schedule and what runs now. */
export const useBackups = (enabled = true) => useQuery({ ...backupsQuery, enabled });

export function useSaveBackupSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: BackupSchedule) =>
      apiPut<{ message: string; data: BackupSchedule }>('/api/backups/schedule', schedule),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsQuery.queryKey }),
  });
}

/** The passphrase daily backups seal their two-factor key with ('' removes it), confirmed with the password. */
export function useSaveBackupPassphrase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupPassphrase) => apiPut<{ message: string }>('/api/backups/passphrase', input),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsQuery.queryKey }),
  });
}

/**
 * Sends the archive file itself as the body; the administrator's confirmation (password, code,
 * the backup's passphrase) travels in a header. The server checks the file before it replaces anything.
 */
export function useRestoreBackup() {
  return useMutation({
    mutationFn: ({ file, confirm }: { file: File; confirm: RestoreConfirm }) =>
      apiRequest<RestoreResult>('POST', '/api/backups/restore', undefined, {
        body: file,
        headers: {
          'content-type': 'application/gzip',
          [RESTORE_CONFIRM_HEADER]: encodeRestoreConfirm({ ...confirm, name: file.name.slice(0, 200) }),
        },
      }),
  });
}
