import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut, apiRequest } from '#client/lib/api-client.ts';
import type { BackupSchedule, BackupsOverview, RestoreResult } from '#shared/schemas/backup.ts';

const backupsQuery = {
  queryKey: ['backups'],
  queryFn: () => apiGet<BackupsOverview>('/api/backups'),
};

/** The stored backups, the schedule and what runs now. */
export const useBackups = () => useQuery(backupsQuery);

/** A backup made now: the browser downloads it straight to disk from this address. */
export const BACKUP_NOW_URL = '/api/backups/archive';
export const backupFileUrl = (name: string) => `/api/backups/files/${encodeURIComponent(name)}`;

export function useSaveBackupSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: BackupSchedule) =>
      apiPut<{ message: string; data: BackupSchedule }>('/api/backups/schedule', schedule),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsQuery.queryKey }),
  });
}

/** Sends the archive file itself as the body; the server checks it before it replaces anything. */
export function useRestoreBackup() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<RestoreResult>('POST', '/api/backups/restore', undefined, {
        body: file,
        headers: { 'content-type': 'application/gzip' },
      }),
  });
}
