import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChangePasswordSchema, LoginSchema } from '../../../shared/schemas/auth.ts';
import { changePassword, currentUser, login } from './auth.service.ts';
import { TooManyAttemptsError } from './login-throttle.ts';
import { deleteSession, SESSION_COOKIE, sessionIdOf } from './sessions.service.ts';

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

export default async function authRoutes(app: FastifyInstance) {
  app.post('/api/auth/login', async (request, reply) => {
    const input = LoginSchema.parse(request.body);
    try {
      const { session, user } = await login(app.db, input, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousToken: request.cookies[SESSION_COOKIE],
      });
      reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions(request), expires: session.expiresAt });
      return { message: 'Login successful!', user };
    } catch (error) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  // Signed out is a normal answer here ({user: null}), not an error the browser logs on every visit.
  app.get('/api/auth/user', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.user ? await currentUser(app.db, request.user.id) : null };
  });

  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, sessionIdOf(token));
    clearSessionCookie(request, reply);
    return { message: 'Logout successful!' };
  });

  app.post('/api/change-password', { preHandler: app.requireUser() }, async (request, reply) => {
    const input = ChangePasswordSchema.parse(request.body);
    const user = request.user!;
    try {
      await changePassword(app.db, user.id, input, { ip: request.ip });
    } catch (error) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
    clearSessionCookie(request, reply);
    return { message: 'Password changed successfully!' };
  });
}
