import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getSchoolProfile } from '../modules/site/site.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site's own origin for absolute URLs (canonical, Open Graph, JSON-LD, feeds, sitemap):
     * PUBLIC_URL, else the address stored at install (school profile), else the request's Host.
     * Only the last depends on the request, and pages cached under it are keyed by it.
     */
    siteOrigin(request: FastifyRequest): string;
    siteAddress: {
      /** The configured origin (PUBLIC_URL or stored), or null when links follow the request's host. */
      configured(): string | null;
      /** Reads the stored address again (after install or a school profile save). */
      reload(): Promise<void>;
    };
  }
}

/** `https://school.example/anything` -> `https://school.example`; '' or junk -> null. */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Host the request was sent with. Not `request.host`: with TRUST_PROXY that is
 * X-Forwarded-Host, which a client can send through a proxy that passes Host (docs/operations.md's nginx
 * config) and so would choose the links of the answer. app.ts refuses a request without a valid Host.
 */
export const hostOf = (request: FastifyRequest): string => request.headers.host ?? request.host;

export default fp(
  async function siteAddress(app: FastifyInstance, opts: { publicUrl?: string }) {
    const fixed = originOf(opts.publicUrl);
    let stored: string | null = null;
    const reload = async () => {
      stored = originOf((await getSchoolProfile(app.db)).siteUrl);
    };
    app.decorate('siteAddress', { configured: () => fixed ?? stored, reload });
    app.decorate('siteOrigin', (request: FastifyRequest) => fixed ?? stored ?? `${request.protocol}://${hostOf(request)}`);
    app.addHook('onReady', async () => {
      if (fixed) return;
      await reload().catch((err: unknown) => app.log.warn({ err }, 'could not read the site address'));
    });
  },
  { name: 'site-address', dependencies: ['db'] },
);
