import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOADS_PREFIX } from '../../shared/schemas/media.ts';
import { notFound } from '../errors.ts';
import { audit } from '../modules/audit/audit.service.ts';
import { effectivePermissions } from '../modules/auth/permissions.service.ts';
import { SESSION_COOKIE, userForSession } from '../modules/auth/sessions.service.ts';
import { secretOf } from '../modules/enquiries/form-token.ts';
import { loadPrivateFiles, PhotoLinks, type PrivateFiles } from '../modules/galleries/private-media.ts';
import { twoFactorSetupDue } from '../modules/two-factor/two-factor.service.ts';
import { isStorageName } from '../storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    privateMedia: {
      /** The private files and their galleries, and the hidden photos, as of the last write (or REFRESH_MS). */
      files(): Promise<PrivateFiles>;
      links: PhotoLinks;
    };
  }
}

/** However the last write was heard (or not), the private files are read again this often. */
const REFRESH_MS = 30_000;
/** One audit entry per member of staff and photo in this time. */
const VIEW_AUDIT_MS = 3_600_000;
const VIEWS_KEPT = 5_000;
export const MEDIA_LINK_SECRET_KEY = 'media_link_secret';

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, no-store',
  'referrer-policy': 'no-referrer',
};

/**
 * Private media (issue 32, docs/decisions/0028-family-area-and-private-media.md): a file of a gallery that is not
 * for everyone, or hidden by a withdrawn consent, is answered only through a signed link that
 * has not expired (the family area's pages) or to staff who may read families, never by its bare
 * URL, and never kept by a cache. Anyone else gets the same 404 as for a file that does not exist.
 */
export default fp(
  async function privateMedia(app: FastifyInstance) {
    let loaded: { at: number; files: Promise<PrivateFiles> } | null = null;
    // Every write, here or (PostgreSQL) on another instance, may have changed an audience, a tag
    // or a consent: the next request reads them again.
    app.siteChanges.subscribe(() => {
      loaded = null;
    });
    const secret = secretOf(MEDIA_LINK_SECRET_KEY);
    const links = new PhotoLinks(() => secret(app.db));

    let refreshing = false;
    /**
     * After a write, the next request waits for the new list (it must not serve what the write
     * hid). The timed re-read is a safety net: requests keep the list they have until it is done.
     */
    function files() {
      const now = Date.now();
      if (!loaded) {
        const current = { at: now, files: loadPrivateFiles(app.db) };
        current.files.catch(() => {
          if (loaded === current) loaded = null;
        });
        loaded = current;
      } else if (now - loaded.at > REFRESH_MS && !refreshing) {
        refreshing = true;
        const before = loaded;
        loadPrivateFiles(app.db)
          .then((fresh) => {
            // A write meanwhile dropped the list: what was read may predate it.
            if (loaded === before) loaded = { at: now, files: Promise.resolve(fresh) };
          })
          .catch((err: unknown) => app.log.warn({ err }, 'could not read the private photos again'))
          .finally(() => {
            refreshing = false;
          });
      }
      return loaded.files;
    }
    app.decorate('privateMedia', { files, links });

    const viewed = new Map<string, number>();
    async function staffMayView(request: FastifyRequest) {
      const token = request.cookies[SESSION_COOKIE];
      const user = token ? await userForSession(app.db, token) : null;
      if (!user || (await twoFactorSetupDue(app.db, user))) return null;
      return (await effectivePermissions(app.db, user)).families.read ? user : null;
    }

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith(UPLOADS_PREFIX) || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      const query = request.url.indexOf('?');
      const name = decodeURIComponent(request.url.slice(UPLOADS_PREFIX.length, query < 0 ? undefined : query));
      if (!isStorageName(name)) return;
      const galleries = (await files()).byFile.get(name);
      if (!galleries) return; // public: served as before
      const byLink = await links.check(name, request.query as Record<string, unknown>, galleries);
      const staff = byLink ? null : await staffMayView(request);
      if (!byLink && !staff) throw notFound('The file');
      if (staff) {
        const main = name.replace(/-\d+\.webp$/, '.webp');
        const key = `${staff.id} ${main}`;
        if ((viewed.get(key) ?? 0) < Date.now() - VIEW_AUDIT_MS) {
          if (viewed.size >= VIEWS_KEPT) viewed.clear();
          viewed.set(key, Date.now());
          void audit(
            app.db,
            { userId: staff.id, username: staff.username, ip: request.ip },
            {
              action: 'private-photo-view',
              entity: 'gallery',
              entityId: galleries[0]!.galleryId,
              title: `${UPLOADS_PREFIX}${main}`,
            },
          ).catch((err: unknown) => request.log.warn({ err }, 'could not record a private photo view'));
        }
      }
      const bytes = await app.storage.get(name);
      if (!bytes) throw notFound('The file');
      return reply.code(200).headers(HEADERS).type('image/webp').send(bytes);
    });
  },
  { name: 'private-media', dependencies: ['db', 'site-changes', 'auth'] },
);
