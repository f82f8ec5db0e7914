import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TwoFactorCodeSchema } from '../../../shared/schemas/security.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { audit, type AuditWho } from '../audit/audit.service.ts';
import { completeSignIn } from '../auth/auth.service.ts';
import { clearChallengeCookie, setSessionCookie } from '../auth/cookies.ts';
import { TooManyAttemptsError } from '../auth/login-throttle.ts';
import { CHALLENGE_COOKIE, deleteChallenge, findChallenge } from '../auth/sign-in-challenges.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { findUser } from '../users/user-rows.ts';
import { beginSetup, confirmSetup, verifySecondFactor } from './two-factor.service.ts';

const EXPIRED = 'This sign-in has expired. Please sign in again.';

/**
 * The second step of a sign-in, between a right password and a session: a code (or a recovery
 * code), or the setup the school requires. Reached only with the challenge cookie the password gave.
 */
export default async function twoFactorRoutes(app: FastifyInstance) {
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  async function pending(request: FastifyRequest, purpose: 'totp' | 'totp-setup') {
    const challenge = await findChallenge(app.db, request.cookies[CHALLENGE_COOKIE]);
    if (!challenge || challenge.purpose !== purpose) throw unauthorized(EXPIRED);
    const user = await findUser(app.db, challenge.userId);
    if (!user || user.status !== 'active') throw unauthorized(EXPIRED);
    const who: AuditWho = { userId: user.id, username: user.username, ip: request.ip };
    return { challenge, user, who };
  }

  /** A wrong code, or the limit reached: both are in the audit log. */
  async function auditRefusal(who: AuditWho, error: unknown) {
    const locked = error instanceof TooManyAttemptsError;
    if (!locked && !(error instanceof AppError && error.status === 401)) return;
    const action = locked ? 'sign-in-locked' : '2fa-failed';
    await audit(app.db, who, { action, entity: 'user', entityId: who.userId, title: who.username });
  }

  app.post('/api/auth/two-factor/verify', async (request, reply) => {
    const { challenge, user, who } = await pending(request, 'totp');
    const { code } = TwoFactorCodeSchema.parse(request.body ?? {});
    const method = await verifySecondFactor(app.db, app.secretBox, user.id, code, request.ip).catch(async (error: unknown) => {
      await auditRefusal(who, error);
      throw error;
    });
    await deleteChallenge(app.db, challenge.id);
    if (method === 'recovery-code') {
      await audit(app.db, who, { action: '2fa-recovery-code', entity: 'user', entityId: user.id, title: user.username });
    }
    const signedIn = await completeSignIn(app.db, user.id, meta(request), method);
    clearChallengeCookie(request, reply);
    setSessionCookie(request, reply, signedIn.session);
    return { message: 'Login successful!', user: signedIn.user };
  });

  app.post('/api/auth/two-factor/setup', async (request, reply) => {
    const { user } = await pending(request, 'totp-setup');
    reply.header('cache-control', 'no-store');
    return { data: await beginSetup(app.db, app.secretBox, user, (await getSchoolProfile(app.db)).name) };
  });

  app.post('/api/auth/two-factor/enable', async (request, reply) => {
    const { challenge, user, who } = await pending(request, 'totp-setup');
    const { code } = TwoFactorCodeSchema.parse(request.body ?? {});
    const recoveryCodes = await confirmSetup(app.db, app.secretBox, user.id, code, request.ip);
    await audit(app.db, who, { action: '2fa-enable', entity: 'user', entityId: user.id, title: user.username });
    await deleteChallenge(app.db, challenge.id);
    const signedIn = await completeSignIn(app.db, user.id, meta(request), 'totp');
    clearChallengeCookie(request, reply);
    setSessionCookie(request, reply, signedIn.session);
    reply.header('cache-control', 'no-store');
    return { message: 'Two-factor sign-in is on.', user: signedIn.user, recoveryCodes };
  });
}
