import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SharedLimit } from '../../db/limit-hits.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** A code people can type from a log line: 12 characters from an alphabet without look-alikes. */
export function newSetupCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** Host names a browser on the server itself uses (a rebinding page's own name is not one of them). */
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i;

/**
 * DESIGN §4 takeover guard: only a caller on the server itself may install without the code. A
 * request that came through a proxy at all (trusted or not: a proxy on the same machine makes
 * every visitor look local) needs the code, and so does one whose Host is not a local name (a
 * page on another site that rebinds its name to 127.0.0.1 in the installer's own browser).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  if (PROXY_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  return LOCAL_HOST.test(request.headers.host ?? '');
}

export function setupCodeMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const normalise = (s: string) => Buffer.from(s.trim().toUpperCase().replace(/\s+/g, ''));
  const a = normalise(expected);
  const b = normalise(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Wrong setup codes per address; the code has 60 bits, this only keeps the log quiet and guessing slow. */
export const SETUP_CODE_LIMIT: SharedLimit = { name: 'setup-code', max: 10, windowMs: 15 * 60 * 1000 };
