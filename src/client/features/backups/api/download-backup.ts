import { useMutation } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-client.ts';
import type { BackupDownload } from '#shared/schemas/backup.ts';

/** What to download: a backup made now, or one stored on the server (by its name). */
export type BackupToDownload = { kind: 'now' } | { kind: 'stored'; name: string };

const pathOf = (what: BackupToDownload) =>
  what.kind === 'now' ? '/api/backups/archive' : `/api/backups/files/${encodeURIComponent(what.name)}`;

/**
 * POSTs the administrator's confirmation and saves the answer as a file (the browser keeps a large
 * answer on disk, not in the page). A refusal comes back as the server's JSON message.
 */
export async function downloadBackup(what: BackupToDownload, confirm: BackupDownload): Promise<string> {
  let response: Response;
  try {
    response = await fetch(pathOf(what), {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(what.kind === 'now' ? confirm : { currentPassword: confirm.currentPassword, code: confirm.code }),
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as {
      error?: string;
      message?: string;
      fields?: Record<string, string>;
    };
    throw new ApiError(
      response.status,
      payload.error ?? payload.message ?? `Download failed (${response.status})`,
      payload.fields,
    );
  }
  const name = fileNameOf(response.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}

/** The name in `attachment; filename="..."` (the server's names are plain: letters, digits, dashes). */
function fileNameOf(disposition: string): string {
  const start = disposition.indexOf('filename="') + 'filename="'.length;
  const end = disposition.indexOf('"', start);
  return start >= 'filename="'.length && end > start ? disposition.slice(start, end) : 'sprout-backup.tar.gz';
}

export const useDownloadBackup = () =>
  useMutation({
    mutationFn: ({ what, confirm }: { what: BackupToDownload; confirm: BackupDownload }) => downloadBackup(what, confirm),
  });
