import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getSchoolProfile } from '../modules/site/site.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site's own origin for absolute URLs (canonical, Open Graph, JSON-LD, feeds, sitemap):
     * PUBLIC_URL, else the address stored at install (school profile), else the request's host.
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

export default fp(
  async function siteAddress(app: FastifyInstance, opts: { publicUrl?: string }) {
    const fixed = originOf(opts.publicUrl);
    let stored: string | null = null;
    const reload = async () => {
      stored = originOf((await getSchoolProfile(app.db)).siteUrl);
    };
    app.decorate('siteAddress', { configured: () => fixed ?? stored, reload });
    app.decorate('siteOrigin', (request: FastifyRequest) => fixed ?? stored ?? `${request.protocol}://${request.host}`);
    app.addHook('onReady', async () => {
      if (fixed) return;
      await reload().catch((err: unknown) => app.log.warn({ err }, 'could not read the site address'));
    });
  },
  { name: 'site-address', dependencies: ['db'] },
);
