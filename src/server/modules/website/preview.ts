import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicData, PublicOwnPage, SiteSection } from '../../../client/lib/public-data.ts';
import type { SiteContent } from '../../../shared/schemas/site-content.ts';
import type { SectionKey } from '../../../shared/schemas/site-content-defaults.ts';
import type { Db } from '../../db/client.ts';
import { unavailable } from '../../errors.ts';
import { PREVIEW_HEADERS } from '../../plugins/security-headers.ts';
import { photosOf } from '../site/site.service.ts';

/*
 * Issue 30's preview: the real server-rendered public page with staff's unpublished words applied,
 * answered to the back office only (framed there at phone and desktop width). Never cached and
 * never kept in the pages' shared parts: parents never see a draft.
 */

/** What a preview shows instead of the published site. */
export interface PreviewOverrides {
  /** Sections' drafts: content(key) answers these. */
  content?: Partial<SiteContent>;
  /**
   * An own page's draft: page(slug) answers it at its slug, and the menus list it by its placement
   * (instead of its published link, at `replacesSlug` when the draft changes the address).
   */
  page?: PublicOwnPage & { replacesSlug?: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Renders the public page at `path` with `overrides` applied (render.ts): its HTML and status.
     * Only where the app serves pages (not with `pages: false`).
     */
    renderPreview?(path: string, origin: string, overrides: PreviewOverrides): Promise<{ status: number; html: string }>;
  }
}

/** The public data with the drafts of `overrides` in place of what is published. */
export function previewData(base: PublicData, db: Db, overrides: PreviewOverrides): PublicData {
  const { content, page } = overrides;
  const section = async <K extends SectionKey>(key: K): Promise<SiteSection<K>> => {
    const draft = content?.[key] as SiteContent[K] | undefined;
    return draft ? { content: draft, photos: await photosOf(db, draft) } : base.content(key);
  };
  if (!page) return { ...base, content: section };
  const { replacesSlug, ...shown } = page;
  const at = (slug: string) => slug.toLowerCase() === shown.slug.toLowerCase();
  return {
    ...base,
    content: section,
    pages: async () => {
      const others = (await base.pages()).filter((link) => !at(link.slug) && link.slug !== replacesSlug);
      const link = { slug: shown.slug, title: shown.title, placement: shown.placement, updated_at: shown.updated_at };
      return [...others, link].sort((a, b) => a.title.localeCompare(b.title));
    },
    page: async (slug) => (at(slug) ? shown : base.page(slug)),
  };
}

/**
 * The page as a still picture: no scripts (the hydration data, the boot script, JSON-LD), and
 * links and form controls that do nothing when clicked in the frame.
 */
export function stillPicture(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(
      '</head>',
      '<meta name="robots" content="noindex" /><style>a,button,input,select,textarea,label,summary{pointer-events:none}</style></head>',
    );
}

/**
 * Answers the preview of the public page at `path` with `overrides` applied: `private, no-store`,
 * `noindex`, framed by the site itself only, no scripts. The sections' and the own pages' preview
 * routes both answer with it.
 */
export async function sendPreview(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  overrides: PreviewOverrides,
) {
  if (!app.renderPreview) throw unavailable('This server does not draw the public pages, so it cannot show a preview.');
  const { status, html } = await app.renderPreview(path, app.siteOrigin(request), overrides);
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) reply.header(name, value);
  return reply
    .code(status)
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(stillPicture(html));
}
