import type { FastifyInstance } from 'fastify';
import { ChangePasswordSchema, LoginSchema } from '../../../shared/schemas/auth.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { currentPasswordPolicy } from '../security/password-policy.ts';
import { changePassword, currentUser, login } from './auth.service.ts';
import { clearSessionCookie, setChallengeCookie, setSessionCookie } from './cookies.ts';
import { deleteSession, SESSION_COOKIE, sessionIdOf } from './sessions.service.ts';

const NEXT_MESSAGES = {
  totp: 'Enter the six-digit code from your authenticator app.',
  'totp-setup': 'Your school asks every sign-in for a second step. Set up an authenticator app to continue.',
} as const;

export default async function authRoutes(app: FastifyInstance) {
  /** A right password opens a session, or answers `next` when a second step (or its setup) is needed. */
  app.post('/api/auth/login', async (request, reply) => {
    const input = LoginSchema.parse(request.body);
    const result = await login(app.db, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      previousToken: request.cookies[SESSION_COOKIE],
    });
    if (result.kind === 'challenge') {
      clearSessionCookie(request, reply);
      setChallengeCookie(request, reply, result.challenge);
      return { message: NEXT_MESSAGES[result.next], next: result.next };
    }
    setSessionCookie(request, reply, result.session);
    return { message: 'Login successful!', user: result.user };
  });

  // Signed out is a normal answer here ({user: null}), not an error the browser logs on every visit.
  app.get('/api/auth/user', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.user ? await currentUser(app.db, request.user.id) : null };
  });

  // The forms' hint and their length check follow the school's setting (the install wizard asks too).
  app.get('/api/auth/password-policy', async () => ({ data: await currentPasswordPolicy(app.db) }));

  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, sessionIdOf(token));
    const user = request.user;
    if (user)
      await audit(app.db, whoOf(request), { action: 'sign-out', entity: 'user', entityId: user.id, title: user.username });
    clearSessionCookie(request, reply);
    return { message: 'Logout successful!' };
  });

  app.post('/api/change-password', { preHandler: app.requireUser() }, async (request, reply) => {
    const input = ChangePasswordSchema.parse(request.body);
    await changePassword(app.db, request.user!, input, { ip: request.ip });
    clearSessionCookie(request, reply);
    return { message: 'Password changed successfully!' };
  });
}
