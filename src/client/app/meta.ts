import type { UIMatch } from 'react-router';
import type { SchoolProfile } from '#shared/schemas/school.ts';

/** What a public route puts in the document head. */
export interface PageMeta {
  title: string;
  description?: string;
  /** Path of the canonical URL, made absolute with the site's public URL. */
  canonicalPath?: string;
  image?: string;
  type?: 'website' | 'article' | 'event';
  /** JSON-LD objects. */
  jsonLd?: unknown[];
  noindex?: boolean;
  /** The page's largest image (the home hero's photo): fetched at once, at high priority, with the HTML. */
  preloadImage?: { href: string; srcSet?: string; sizes?: string };
}

export interface RouteHandle {
  /** `school` is the public layout's (undefined outside it). */
  meta?: (data: unknown, match: UIMatch, school: SchoolProfile | undefined, origin: string) => PageMeta;
}

/** The deepest route's meta wins. */
export function pageMetaFor(matches: UIMatch[], origin = ''): PageMeta | undefined {
  const school = (matches.find((m) => m.id === 'public')?.data as { school?: SchoolProfile } | undefined)?.school;
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta(match.data, match, school, origin);
  }
  return undefined;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON for a script element (JSON-LD, router data): a `<` in it must not close the element. */
export const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function renderHeadTags(meta: PageMeta, siteName: string, origin: string): string {
  const title = meta.title.includes(siteName) ? meta.title : `${meta.title} | ${siteName}`;
  const tags = [`<title>${escapeHtml(title)}</title>`];
  const preload = meta.preloadImage;
  if (preload) {
    const set = preload.srcSet
      ? ` imagesrcset="${escapeHtml(preload.srcSet)}" imagesizes="${escapeHtml(preload.sizes ?? '100vw')}"`
      : '';
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(preload.href)}"${set} fetchpriority="high" />`);
  }
  const add = (attr: 'name' | 'property', key: string, value: string | undefined) => {
    if (value) tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}" />`);
  };
  add('name', 'description', meta.description);
  if (meta.noindex) add('name', 'robots', 'noindex');
  if (meta.canonicalPath) tags.push(`<link rel="canonical" href="${escapeHtml(origin + meta.canonicalPath)}" />`);
  const image = meta.image && (meta.image.startsWith('http') ? meta.image : origin + meta.image);
  add('property', 'og:site_name', siteName);
  add('property', 'og:title', meta.title);
  add('property', 'og:description', meta.description);
  add('property', 'og:type', meta.type === 'article' ? 'article' : 'website');
  if (meta.canonicalPath) add('property', 'og:url', origin + meta.canonicalPath);
  add('property', 'og:image', image);
  add('name', 'twitter:card', image ? 'summary_large_image' : 'summary');
  add('name', 'twitter:title', meta.title);
  add('name', 'twitter:description', meta.description);
  add('name', 'twitter:image', image);
  for (const item of meta.jsonLd ?? []) tags.push(`<script type="application/ld+json">${safeJson(item)}</script>`);
  return tags.join('\n    ');
}
