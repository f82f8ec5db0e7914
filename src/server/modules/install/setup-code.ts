import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SharedLimit } from '../../db/limit-hits.ts';

/** A code people can type from a log line: 12 characters from an alphabet without look-alikes. */
export function newSetupCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** Where the person at the server opens the wizard: the code rides in the address (`?code=`). */
export function wizardAddress(listening: string, port: number, code: string): string {
  const anyOrLoopback = ['0.0.0.0', '::', '127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(listening);
  const host = anyOrLoopback ? 'localhost' : listening.includes(':') ? `[${listening}]` : listening;
  return `http://${host}:${port}/install?code=${encodeURIComponent(code)}`;
}

export const notInstalledMessage = (address: string, code: string) =>
  `Sprout is not installed yet. To run the setup wizard, open ${address} in a browser on this machine. ` +
  `From another machine, open /install at this server's address and give this one-time setup code: ${code}`;

export function setupCodeMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const normalise = (s: string) => Buffer.from(s.trim().toUpperCase().replace(/\s+/g, ''));
  const a = normalise(expected);
  const b = normalise(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Wrong setup codes per address; the code has 60 bits, this only keeps the log quiet and guessing slow. */
export const SETUP_CODE_LIMIT: SharedLimit = { name: 'setup-code', max: 10, windowMs: 15 * 60 * 1000 };
