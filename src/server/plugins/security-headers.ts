import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BOOT_SCRIPT_SOURCE } from './boot-script.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer carries, HSTS included while the site address is https. */
    securityHeaders(): ReadonlyArray<readonly [string, string]>;
  }
}

// Embeds staff may configure (the map and gallery videos) are the only other hosts a page may frame.
const FRAME_HOSTS = [
  'https://www.openstreetmap.org',
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
];

const DIRECTIVES = [
  "default-src 'self'",
  // Scripts from the site itself, and the one inline boot script (by its hash).
  `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  // Staff may link images by http(s) URL (SPEC §4); video thumbnails come from the video hosts.
  "img-src 'self' data: blob: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  // 'self': the back office frames a draft's preview (PREVIEW_HEADERS).
  `frame-src 'self' ${FRAME_HOSTS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
];
const CSP = DIRECTIVES.join('; ');

/** The policy with some directives replaced (by their name). */
const policyWith = (replaced: Record<string, string>) =>
  DIRECTIVES.map((d) => replaced[d.slice(0, d.indexOf(' '))] ?? d).join('; ');

/**
 * A draft's preview (website/preview.ts), for that answer only: a still picture that the back
 * office frames (the site itself, never another), with no scripts and forms that go nowhere.
 */
export const PREVIEW_HEADERS: Record<string, string> = {
  'content-security-policy': policyWith({
    'script-src': "script-src 'none'",
    'connect-src': "connect-src 'none'",
    'form-action': "form-action 'none'",
    'frame-ancestors': "frame-ancestors 'self'",
  }),
  'x-frame-options': 'SAMEORIGIN',
};

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

/** HSTS's default max-age: one year, what browsers' preload checks and most guides ask for. */
export const HSTS_DEFAULT_MAX_AGE = 31_536_000;

export interface SecurityHeadersOptions {
  dev?: boolean;
  /**
   * Strict-Transport-Security's max-age in seconds (env HSTS), or false never to send it. Sent
   * only while the site address is https://: the address then says the site is served over HTTPS
   * only. No includeSubDomains: other names under the school's domain are not this server's.
   */
  hstsMaxAge?: number | false;
}

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
    // Vite's dev client needs inline scripts and a websocket; production gets the strict policy.
    const headers = opts.dev ? { ...SECURITY_HEADERS, 'content-security-policy': '' } : SECURITY_HEADERS;
    const entries = Object.entries(headers).filter(([, value]) => value);
    const maxAge = opts.hstsMaxAge ?? HSTS_DEFAULT_MAX_AGE;
    const hsts = maxAge === false ? null : (['strict-transport-security', `max-age=${maxAge}`] as const);
    const withHsts = hsts ? [...entries, hsts] : entries;
    // The site address comes later (site-address.ts, which needs the database): read it once ready.
    let siteAddress = (): string | null => null;
    app.addHook('onReady', async () => {
      if (app.hasDecorator('siteAddress')) siteAddress = app.siteAddress.configured;
    });
    const current = () => (hsts && siteAddress()?.startsWith('https:') ? withHsts : entries);
    app.decorate('securityHeaders', current);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of current()) reply.header(name, value);
      done();
    });
    // Once close() has begun Fastify answers 503 itself, before any hook: from then on the headers
    // are put on the raw response first (its writeHead keeps them).
    app.addHook('preClose', (done) => {
      app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
        if (!response.headersSent) for (const [name, value] of current()) response.setHeader(name, value);
      });
      done();
    });
  },
  { name: 'security-headers' },
);

const headersOf = (app: FastifyInstance) =>
  app.hasDecorator('securityHeaders') ? app.securityHeaders() : Object.entries(SECURITY_HEADERS);

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address of this request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address of this request is too long.',
};

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a path it cannot decode, a parameter too
 * long), answered before any hook runs, so with the security headers set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  for (const [name, value] of headersOf(request.server)) reply.header(name, value);
  const status = error.statusCode ?? 400;
  const message =
    FRAMEWORK_MESSAGES[error.code] ?? (status < 500 ? 'This request is not valid.' : 'Something went wrong on our side.');
  return reply.code(status).send({ error: message, message, code: error.code });
}

/**
 * Fastify's `clientErrorHandler` (bound to the app): Node's refusals of a request it cannot parse
 * (bad header characters, headers too large, a timeout). Fastify's default, with the security headers.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Client Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Exceeded maximum allowed HTTP header size']
        : [400, 'Client Error'];
  const body = JSON.stringify({ error: STATUS_CODES[status], message, statusCode: status });
  const lines = headersOf(this)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
