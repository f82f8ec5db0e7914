import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { DatabaseDetails } from '../../../../shared/schemas/install.ts';

export type DatabaseTestResult = { ok: true; message: string; version: string } | { ok: false; error: string; reason: string };

/** §7 POST /api/testDatabaseDetails {host, port, db, user, password}. */
export const testDatabaseDetails = (details: DatabaseDetails, setupCode?: string) =>
  apiRequest<DatabaseTestResult>('POST', '/api/testDatabaseDetails', { ...details, setupCode });

export const useTestDatabase = () =>
  useMutation({
    mutationFn: ({ details, setupCode }: { details: DatabaseDetails; setupCode?: string }) =>
      testDatabaseDetails(details, setupCode),
  });
