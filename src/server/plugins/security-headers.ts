import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BOOT_SCRIPT_SOURCE } from './boot-script.ts';

// Embeds staff may configure (the map and gallery videos) are the only other hosts a page may frame.
const FRAME_HOSTS = [
  'https://www.openstreetmap.org',
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
];

const CSP = [
  "default-src 'self'",
  // Scripts from the site itself, and the one inline boot script (by its hash).
  `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  // Staff may link images by http(s) URL (SPEC §4); video thumbnails come from the video hosts.
  "img-src 'self' data: blob: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  `frame-src ${FRAME_HOSTS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The security headers, computed once: @fastify/helmet computes them per request and halves
 * throughput here (TOOLCHAIN.md), for the same headers on every response.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { dev?: boolean }) {
    // Vite's dev client needs inline scripts and a websocket; production gets the strict policy.
    const headers = opts.dev ? { ...SECURITY_HEADERS, 'content-security-policy': '' } : SECURITY_HEADERS;
    const entries = Object.entries(headers).filter(([, value]) => value);
    app.addHook('onRequest', async (_request, reply) => {
      for (const [name, value] of entries) reply.header(name, value);
    });
  },
  { name: 'security-headers' },
);
