import type { EventDto } from '../events/events.service.ts';
import type { PostDto } from '../posts/posts.service.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export const eventUrl = (origin: string, event: Pick<EventDto, 'id' | 'slug'>) => `${origin}/event/${event.slug || event.id}`;
export const postUrl = (origin: string, post: Pick<PostDto, 'slug'>) => `${origin}/blog/${post.slug}`;

/** The public pages every visitor can reach (§2). */
export const STATIC_PATHS = ['/', '/about', '/programs', '/curriculum', '/admission', '/contact', '/events', '/blog'];

export function sitemapXml(
  origin: string,
  content: {
    events: Pick<EventDto, 'id' | 'slug' | 'updated_at'>[];
    posts: Pick<PostDto, 'slug' | 'updated_at'>[];
    siteUpdated: string | null;
    /** The school's own published pages (issue 30). */
    pages?: { slug: string; updated_at: string }[];
  },
): string {
  const url = (loc: string, lastmod?: string | null) =>
    `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const newest = (dates: (string | null | undefined)[]) => dates.filter(Boolean).sort().at(-1) ?? null;
  const eventsUpdated = newest(content.events.map((e) => e.updated_at));
  const postsUpdated = newest(content.posts.map((p) => p.updated_at));
  const lastmodFor = (path: string) =>
    path === '/events'
      ? eventsUpdated
      : path === '/blog'
        ? postsUpdated
        : path === '/'
          ? newest([eventsUpdated, content.siteUpdated])
          : content.siteUpdated;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PATHS.map((path) => url(origin + path, lastmodFor(path))),
    ...content.events.map((e) => url(eventUrl(origin, e), e.updated_at)),
    ...content.posts.map((p) => url(postUrl(origin, p), p.updated_at)),
    ...(content.pages ?? []).map((p) => url(`${origin}/${p.slug}`, p.updated_at)),
    '</urlset>',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cms',
    'Disallow: /install',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function rssXml(origin: string, school: SchoolProfile, posts: PostDto[]): string {
  const items = posts.map((p) =>
    [
      '<item>',
      `<title>${xml(p.title)}</title>`,
      `<link>${xml(postUrl(origin, p))}</link>`,
      `<guid isPermaLink="true">${xml(postUrl(origin, p))}</guid>`,
      `<pubDate>${new Date(p.published_at ?? p.created_at).toUTCString()}</pubDate>`,
      `<dc:creator>${xml(p.author || 'Admin')}</dc:creator>`,
      ...p.tags.map((t) => `<category>${xml(t)}</category>`),
      `<description>${xml(
        p.excerpt ||
          p.content
            .replace(/<[^<>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 300),
      )}</description>`,
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xml(`${school.name} Blog`)}</title>`,
    `<link>${xml(`${origin}/blog`)}</link>`,
    `<atom:link href="${xml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    `<description>${xml(`Stories, tips and news from ${school.name}.`)}</description>`,
    '<language>en</language>',
    ...(posts[0] ? [`<lastBuildDate>${new Date(posts[0].updated_at).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}
