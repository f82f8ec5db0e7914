import type { FastifyInstance } from 'fastify';
import { encodeRestoreConfirm, RESTORE_CONFIRM_HEADER, type RestoreConfirm } from '../../shared/schemas/backup.ts';
import { TEST_PASSWORD } from './factories.ts';

/** POST /api/backups/restore as the back office sends it: the archive as the body, the confirmation in its header. */
export const restoreRequest = (app: FastifyInstance, cookie: string, archive: Buffer, confirm: Partial<RestoreConfirm> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/backups/restore',
    headers: {
      cookie,
      'content-type': 'application/gzip',
      [RESTORE_CONFIRM_HEADER]: encodeRestoreConfirm({ currentPassword: TEST_PASSWORD, ...confirm }),
    },
    payload: archive,
  });

/** POST /api/backups/archive: a backup made now, confirmed with the test password. */
export const downloadRequest = (
  app: FastifyInstance,
  cookie: string,
  body: { currentPassword?: string; code?: string; passphrase?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/backups/archive',
    headers: { cookie },
    payload: { currentPassword: TEST_PASSWORD, ...body },
  });
