import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHALLENGE_COOKIE, CHALLENGE_COOKIE_PATH } from './sign-in-challenges.ts';
import { SESSION_COOKIE } from './sessions.service.ts';

const base = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: { token: string; expiresAt: Date }) {
  reply.setCookie(SESSION_COOKIE, session.token, { ...base(request), path: '/', expires: session.expiresAt });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { ...base(request), path: '/' });
}

export function setChallengeCookie(request: FastifyRequest, reply: FastifyReply, challenge: { token: string; expiresAt: Date }) {
  reply.setCookie(CHALLENGE_COOKIE, challenge.token, {
    ...base(request),
    path: CHALLENGE_COOKIE_PATH,
    expires: challenge.expiresAt,
  });
}

export function clearChallengeCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(CHALLENGE_COOKIE, { ...base(request), path: CHALLENGE_COOKIE_PATH });
}
