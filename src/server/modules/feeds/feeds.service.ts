import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { eventsStartingBetween, type EventDto } from '../events/events.service.ts';
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

/** RFC 5545 text escaping and 75-octet line folding. */
export const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
export const icsDate = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
export function fold(line: string): string {
  if (line.length <= 25 || Buffer.byteLength(line) <= 75) return line;
  const bytes = Buffer.from(line);
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (parts.length ? 74 : 75), bytes.length);
    // Never split a UTF-8 sequence.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString());
    start = end;
  }
  return parts.join('\r\n ');
}

function icsEvent(origin: string, host: string, stamp: string, e: EventDto): string {
  const end = e.end_date ?? new Date(Date.parse(e.start_date) + 60 * 60 * 1000).toISOString();
  return [
    'BEGIN:VEVENT',
    `UID:event-${e.id}@${host}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsDate(e.start_date)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${icsText(e.title)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `LOCATION:${icsText(e.location)}`,
    `URL:${eventUrl(origin, e)}`,
    `CATEGORIES:${icsText(e.category)}`,
    'STATUS:CONFIRMED',
    `LAST-MODIFIED:${icsDate(e.updated_at)}`,
    'END:VEVENT',
  ]
    .map(fold)
    .join('\r\n');
}

/** Events written between yields to the event loop: a long calendar never holds it for long. */
const ICS_EVENTS_PER_TURN = 100;

export async function icsCalendar(
  origin: string,
  school: SchoolProfile,
  events: EventDto[],
  name = `${school.name} events`,
): Promise<string> {
  const host = new URL(origin).host;
  const stamp = icsDate(new Date().toISOString());
  const parts = [
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:-//${icsText(school.name)}//Sprout//EN`,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${icsText(name)}`,
      `X-WR-TIMEZONE:${school.timezone}`,
    ]
      .map(fold)
      .join('\r\n'),
  ];
  for (let i = 0; i < events.length; i++) {
    if (i > 0 && i % ICS_EVENTS_PER_TURN === 0) await setImmediate();
    parts.push(icsEvent(origin, host, stamp, events[i]!));
  }
  parts.push('END:VCALENDAR');
  return parts.join('\r\n') + '\r\n';
}

const YEAR = 365 * 24 * 60 * 60 * 1000;

/** The school year around today, whenever it starts: the past twelve months and the next twelve. */
export const schoolYearAround = (now = Date.now()) => ({ from: new Date(now - YEAR), to: new Date(now + YEAR) });

/**
 * Events in /events.ics at most: a year of a busy school, and a bound on the feed (~0.5 KB an
 * event, ~6 KB with the longest texts) however many are entered.
 */
export const ICS_MAX_EVENTS = 1000;

/**
 * Rows read per query for the calendar: the built-in database runs one statement at a time, so a
 * long read would hold every other request's statements back (pglite-thread.ts).
 */
const ICS_ROWS_PER_QUERY = 200;

/** Up to `limit` events of a window, read a few hundred at a time with a turn of the event loop between. */
async function eventsInTurns(db: Db, window: { from: Date; before: Date; limit: number; latestFirst?: boolean }) {
  const found: EventDto[] = [];
  while (found.length < window.limit) {
    const limit = Math.min(ICS_ROWS_PER_QUERY, window.limit - found.length);
    const rows = await eventsStartingBetween(db, { ...window, limit, offset: found.length });
    found.push(...rows);
    if (rows.length < limit) break;
    await setImmediate();
  }
  return found;
}

/**
 * The calendar feed's events: the school year around `now`, read as that window from the
 * database; past the cap, the upcoming ones first, then the latest past ones. Soonest first.
 */
export async function calendarEvents(db: Db, now = Date.now()): Promise<EventDto[]> {
  const { from, to } = schoolYearAround(now);
  const today = new Date(now);
  const upcoming = await eventsInTurns(db, { from: today, before: to, limit: ICS_MAX_EVENTS });
  const room = ICS_MAX_EVENTS - upcoming.length;
  const past = room > 0 ? await eventsInTurns(db, { from, before: today, limit: room, latestFirst: true }) : [];
  return [...past.reverse(), ...upcoming];
}
