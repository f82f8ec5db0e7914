import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CurrentPasswordSchema, TwoFactorCodeSchema } from '../../../shared/schemas/security.ts';
import { badRequest, notFound } from '../../errors.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { verifyCurrentPassword } from '../auth/auth.service.ts';
import { endOtherSessions, endSessionByRef, listSessions, sessionRef } from '../auth/sessions.service.ts';
import { idParam } from '../media/params.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import {
  beginSetup,
  confirmSetup,
  removeTwoFactor,
  replaceRecoveryCodes,
  twoFactorStatus,
} from '../two-factor/two-factor.service.ts';

const REQUIRED = 'Your school requires two-factor sign-in for your account, so it cannot be turned off.';

/** The signed-in user's own security: their second factor and their sessions (any signed-in user). */
export default async function accountRoutes(app: FastifyInstance) {
  const signedIn = { preHandler: app.requireUser() };
  const me = (request: FastifyRequest) => request.user!;
  const withPassword = async (request: FastifyRequest) => {
    const { currentPassword } = CurrentPasswordSchema.parse(request.body ?? {});
    await verifyCurrentPassword(app.db, me(request).id, currentPassword, request.ip);
  };
  const user = { entity: 'user' as const };

  app.get('/api/account/two-factor', signedIn, async (request) => ({ data: await twoFactorStatus(app.db, me(request)) }));

  app.post('/api/account/two-factor/setup', signedIn, async (request, reply) => {
    await withPassword(request);
    reply.header('cache-control', 'no-store');
    return { data: await beginSetup(app.db, app.secretBox, me(request), (await getSchoolProfile(app.db)).name) };
  });

  app.post('/api/account/two-factor/enable', signedIn, async (request, reply) => {
    const { code } = TwoFactorCodeSchema.parse(request.body ?? {});
    const recoveryCodes = await confirmSetup(app.db, app.secretBox, me(request).id, code, request.ip);
    await audit(app.db, whoOf(request), { action: '2fa-enable', ...user, entityId: me(request).id, title: me(request).username });
    reply.header('cache-control', 'no-store');
    return { message: 'Two-factor sign-in is on.', recoveryCodes };
  });

  app.post('/api/account/two-factor/disable', signedIn, async (request) => {
    await withPassword(request);
    if ((await twoFactorStatus(app.db, me(request))).required) throw badRequest(REQUIRED);
    if (await removeTwoFactor(app.db, me(request).id)) {
      await audit(app.db, whoOf(request), {
        action: '2fa-disable',
        ...user,
        entityId: me(request).id,
        title: me(request).username,
      });
    }
    return { message: 'Two-factor sign-in is off.' };
  });

  app.post('/api/account/two-factor/recovery-codes', signedIn, async (request, reply) => {
    await withPassword(request);
    const recoveryCodes = await replaceRecoveryCodes(app.db, me(request).id);
    await audit(app.db, whoOf(request), {
      action: '2fa-new-codes',
      ...user,
      entityId: me(request).id,
      title: me(request).username,
    });
    reply.header('cache-control', 'no-store');
    return { message: 'New recovery codes are ready. The old ones no longer work.', recoveryCodes };
  });

  app.get('/api/account/sessions', signedIn, async (request) => ({
    data: await listSessions(app.db, me(request).id, me(request).sessionId),
  }));

  app.delete<{ Params: { id: string } }>('/api/account/sessions/:id', signedIn, async (request) => {
    const ref = idParam(request.params.id, 'The session');
    if (ref === (await sessionRef(app.db, me(request).sessionId))) {
      throw badRequest('This is the session you are using: use Log Out to end it.');
    }
    if (!(await endSessionByRef(app.db, me(request).id, ref))) throw notFound('The session');
    await audit(app.db, whoOf(request), { action: 'session-end', entity: 'session', entityId: ref, title: me(request).username });
    return { message: 'The session was ended.' };
  });

  app.post('/api/account/sessions/end-others', signedIn, async (request) => {
    const ended = await endOtherSessions(app.db, me(request).id, me(request).sessionId);
    await audit(app.db, whoOf(request), {
      action: 'session-end',
      ...user,
      entityId: me(request).id,
      details: { ended, which: 'others' },
    });
    return { message: ended === 1 ? '1 other session was ended.' : `${ended} other sessions were ended.`, ended };
  });
}
