import { z } from 'zod';
import { htmlHasContent } from './post.ts';
import { checkBodyImages } from './media.ts';
import { listQuerySchema, optionalFilter, type ListPage } from './list-query.ts';
import type { Version, VersionSummary } from './site-sections.ts';

/*
 * The school's own pages (issue 30): a title, an address (/privacy-policy), a body written in the
 * blog's editor, and where the page is offered (the header menu, the footer, or neither). The same
 * schema checks the back office's form and every save on the server.
 */

export const PAGE_PLACEMENTS = ['header', 'footer', 'none'] as const;
export type PagePlacement = (typeof PAGE_PLACEMENTS)[number];
export const PAGE_PLACEMENT_LABELS: Record<PagePlacement, string> = {
  header: 'In the header menu',
  footer: 'In the footer',
  none: 'Not in a menu (linked from elsewhere)',
};

export const PAGE_TITLE_MAX = 120;
export const PAGE_SLUG_MAX = 80;
/** A long privacy notice is about 15,000 characters of HTML; this leaves room for ten of them. */
export const PAGE_BODY_MAX = 150_000;

/**
 * Every first part of an address the site answers already, with what answers it (said when a
 * slug is refused). routes.tsx's public pages, the server's own routes and the files it serves;
 * site-page.test.ts checks that none is missing.
 */
export const RESERVED_SLUGS: Readonly<Record<string, string>> = {
  home: 'the Home page',
  index: 'the Home page',
  about: 'the About page',
  programs: 'the Programs page',
  curriculum: 'the Curriculum page',
  admission: 'the Admission page',
  contact: 'the Contact page',
  events: 'the Events page',
  event: 'the pages of single events',
  blog: 'the Blog',
  cms: 'the back office',
  api: "the site's data service",
  install: 'the installation wizard',
  uploads: 'the uploaded photos',
  assets: "the site's styles and scripts",
  illustrations: "the site's drawings",
  boot: "the site's start-up script",
  feeds: 'the news feeds',
  rss: 'the news feed',
  sitemap: 'the sitemap for search engines',
  robots: 'the instructions for search engines',
  favicon: "the site's icon",
  health: "the server's health check",
  ready: "the server's health check",
  login: 'the staff sign-in',
  logout: 'the staff sign-in',
  register: 'the staff sign-in',
  family: "the family area (parents' sign-in)",
  newsletter: "the newsletter's confirmation and unsubscribe pages",
};

/**
 * Marks a note for staff in a page (the privacy notice to start from has several): "[Staff: ...]".
 * A page that still holds one cannot be published.
 */
export const STAFF_NOTE = '[Staff:';

/** Why `slug` cannot be a page's address, or null when it can. */
export function reservedSlugMessage(slug: string): string | null {
  const builtIn = Object.hasOwn(RESERVED_SLUGS, slug) ? RESERVED_SLUGS[slug] : undefined;
  return builtIn ? `/${slug} is already the address of ${builtIn}. Choose another address.` : null;
}

/**
 * Markup that would run code in a parent's browser: a script or embedded element, an event
 * handler, or a javascript:/data:/vbscript: link. Looked for inside tags only (a page may speak of
 * "javascript:" in its text). The sanitiser removes all of it anyway; such a body is refused so
 * that staff know it was not kept as sent.
 */
const ACTIVE_TAG = /^<\/?(script|iframe|frame|object|embed|applet|style|link|meta|base|form|svg|math)\b/i;
const ACTIVE_ATTRIBUTE =
  /[\s"'/]on[a-z]+\s*=|(?:href|src|action|formaction|xlink:href)\s*=\s*(?:["']\s*)?(?:javascript|data|vbscript):/i;
export const htmlHasActiveContent = (html: string) =>
  // Linear: a tag is `<` up to the next `>` with no `<` between.
  (html.match(/<[^<>]*>?/g) ?? []).some((tag) => ACTIVE_TAG.test(tag) || ACTIVE_ATTRIBUTE.test(tag));

export const PageSlugSchema = z
  .string({ error: 'The address is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'The address is required.')
  .max(PAGE_SLUG_MAX, { message: `The address may be at most ${PAGE_SLUG_MAX} characters.`, abort: true })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: 'Use lowercase letters, digits and single dashes only, such as privacy-policy.',
    abort: true,
  })
  .superRefine((slug, ctx) => {
    const message = reservedSlugMessage(slug);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A page's content: what a draft, the published page and each kept version hold. */
export const SitePageContentSchema = z.object({
  title: z
    .string({ error: 'The title is required.' })
    .trim()
    .min(1, 'The title is required.')
    .max(PAGE_TITLE_MAX, `The title may be at most ${PAGE_TITLE_MAX} characters.`),
  slug: PageSlugSchema,
  body: z
    .string({ error: 'Write the page.' })
    .max(PAGE_BODY_MAX, { message: 'The page is too long: split it into two pages.', abort: true })
    .refine(htmlHasContent, { message: 'Write the page.', abort: true })
    .refine((html) => !htmlHasActiveContent(html), 'The page may not hold scripts or embedded code. Remove them and save again.')
    .superRefine(checkBodyImages),
  placement: z.enum(PAGE_PLACEMENTS, 'Choose where the page is offered: the header menu, the footer or neither.').default('none'),
});
export type SitePageInput = z.input<typeof SitePageContentSchema>;
export type SitePageContent = z.output<typeof SitePageContentSchema>;

/** draft: never published; published: parents read it, nothing waits; changed: published, with a draft waiting. */
export const PAGE_STATES = ['draft', 'published', 'changed'] as const;
export type PageState = (typeof PAGE_STATES)[number];

/** A page as the back office reads it: the published content and the draft waiting, if any. */
export interface SitePage {
  id: number;
  /** The address parents use: the published one, else the draft's. */
  slug: string;
  state: PageState;
  published: SitePageContent | null;
  publishedAt: string | null;
  publishedBy: string | null;
  draft: SitePageContent | null;
  draftAt: string | null;
  draftBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row of the Pages list (no body). */
export interface SitePageSummary {
  id: number;
  slug: string;
  /** The draft's title when one waits, else the published one. */
  title: string;
  placement: PagePlacement;
  state: PageState;
  publishedAt: string | null;
  updatedAt: string;
}

export interface SitePageCounts {
  total: number;
  published: number;
  draft: number;
}
export type SitePageListPage = ListPage<SitePageSummary, SitePageCounts>;

export const PAGE_SORTS = ['title', 'updated'] as const;
/** GET /api/website/pages: `?limit&offset&sort&q&state` (q: title and address). */
export const SitePageListQuerySchema = listQuerySchema({
  defaultLimit: 50,
  sorts: PAGE_SORTS,
  filters: { state: optionalFilter(PAGE_STATES, 'state') },
});
export type SitePageListQuery = Partial<z.output<typeof SitePageListQuerySchema>>;

/** A kept earlier version of a page, and its content (site_versions, subject `page:<id>`). */
export type SitePageVersionSummary = VersionSummary;
export type SitePageVersion = Version<SitePageContent>;
