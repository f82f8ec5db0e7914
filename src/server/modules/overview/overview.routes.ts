import type { FastifyInstance } from 'fastify';
import { AppError, unauthorized } from '../../errors.ts';
import { TWO_FACTOR_SETUP_DUE, twoFactorSetupDue } from '../two-factor/two-factor.service.ts';
import { overviewFor } from './overview.service.ts';

/** GET /api/overview: the back office's first screen (issue 31), each part checked against the user's permissions. */
export default async function overviewRoutes(app: FastifyInstance) {
  app.get('/api/overview', async (request) => {
    if (!request.user) throw unauthorized();
    if (await twoFactorSetupDue(app.db, request.user)) throw new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_SETUP_DUE);
    const permissions = (await request.permissions())!;
    return { data: await overviewFor(app.db, permissions, request.user.roleName === 'admin', app.dataDir) };
  });
}
