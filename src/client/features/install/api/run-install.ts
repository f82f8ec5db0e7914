import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { InstallPayload } from '../../../../shared/schemas/install.ts';

/** §7 POST /api/install with §3's payload. */
export const runInstall = (payload: InstallPayload) =>
  apiPost<{ ok: true; message: string; database: 'pglite' | 'pg' }>(
    '/api/install',
    payload as unknown as Record<string, unknown>,
  );

export const useRunInstall = () => useMutation({ mutationFn: runInstall });
