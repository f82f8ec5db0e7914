import type { FastifyInstance } from 'fastify';
import { isConnectionError } from '../../db/client.ts';
import type { PublicData } from '../../../client/lib/public-data.ts';
import { getEvent, listEvents } from '../events/events.service.ts';
import { videoEmbedUrl } from '../../../shared/schemas/gallery.ts';
import { getGallery } from '../galleries/galleries.service.ts';
import { getPostBySlug } from '../posts/posts.service.ts';
import { getSchoolProfile, listPostCards, publicSiteSection } from './site.service.ts';
import { eventFilters, publicEventList } from './event-list.ts';
import { eventsHref } from '../../../shared/public-lists.ts';
import { publishedPage, publishedPageLinks } from '../website/pages.service.ts';
import { liveBanners, publicNoticesToCome } from '../notices/notices.service.ts';

/** Public pages never see drafts. */
const PUBLISHED = { includeDrafts: false } as const;
/** Nor an event for families (issue 32). */
const PUBLIC = { allAudiences: false } as const;

const page = <T>(rows: T[], limit: number) => ({ items: rows.slice(0, limit), hasMore: rows.length > limit });

/** Rows read for each home card, so that a few weekly events still leave the others a card. */
const REPEATS_READ = 8;

/** How long a remembered read is kept: the events' order follows the clock (upcoming, then past). */
const MEMO_TTL_MS = 60_000;
/** Reads remembered at most: any visitor can ask for endless slugs and pages. */
const MEMO_MAX = 500;

/**
 * Reads remembered between writes: a fresh render of a page reads from memory, not the database
 * (the database read was a quarter of a render's CPU). Cleared with the page cache on every content
 * or settings write (render.ts), and kept at most a minute. Only answers are kept, never failures.
 */
export class ReadMemo {
  private readonly reads = new Map<string, { at: number; value: Promise<unknown> }>();
  /**
   * The HTML of page parts drawn once (client/lib/once.tsx). Replaced, not emptied, on a write: a
   * render that read before it keeps its parts in the old map.
   */
  parts = new Map<string, string>();

  read<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const kept = this.reads.get(key);
    if (kept && now - kept.at < MEMO_TTL_MS) return kept.value as Promise<T>;
    if (this.reads.size >= MEMO_MAX) this.reads.delete(this.reads.keys().next().value!);
    const value = load();
    this.reads.set(key, { at: now, value });
    value.catch(() => {
      if (this.reads.get(key)?.value === value) this.reads.delete(key);
    });
    return value;
  }

  clear() {
    this.reads.clear();
    this.parts = new Map();
  }
}

/**
 * What the public pages read, from the services directly: the server renderer calls it with no
 * HTTP round trip, and /api/site/* answers browser navigations with the same functions. With a
 * `memo`, every read is remembered in it until it is cleared.
 */
export function createServerPublicData(app: FastifyInstance, memo?: ReadMemo): PublicData {
  // Read app.db at each call: the installer may swap the database (PostgreSQL) while the app runs.
  const read = <T>(key: string, load: () => Promise<T>) => (memo ? memo.read(key, load) : load());
  return {
    server: true,
    school: () => read('school', () => getSchoolProfile(app.db)),
    events: ({ limit, offset }) =>
      read(`events ${limit} ${offset}`, async () => {
        // The home page's cards (issue 34): a repeating event once, at its next date, not a card a week.
        const rows = await listEvents(app.db, { limit: (limit + 1) * REPEATS_READ, offset });
        const series = new Set<number>();
        const once = rows.filter((e) => e.seriesId === null || (!series.has(e.seriesId) && !!series.add(e.seriesId)));
        return page(once.slice(0, limit + 1), limit);
      }),
    eventList: (query) =>
      read(`event-list ${eventsHref(query)}`, async () => {
        const school = await read('school', () => getSchoolProfile(app.db));
        // The branches and categories offered: one read for every page and filter of the list.
        const filters = await read('event-filters', () => eventFilters(app.db, school));
        return publicEventList(app.db, school, query, filters);
      }),
    event: (idOrSlug) => read(`event ${idOrSlug}`, () => getEvent(app.db, idOrSlug, PUBLIC)),
    gallery: (id) =>
      read(`gallery ${id}`, async () => {
        const numeric = Number(id);
        if (!Number.isSafeInteger(numeric) || numeric < 1 || numeric > 2 ** 31 - 1) return null;
        const gallery = await getGallery(app.db, numeric, PUBLISHED);
        return gallery && gallery.published ? { ...gallery, embedUrl: videoEmbedUrl(gallery.videoUrl) } : null;
      }),
    posts: ({ limit, offset, tag }) =>
      read(`posts ${limit} ${offset}${tag ? ` ${tag}` : ''}`, async () =>
        page(await listPostCards(app.db, { limit: limit + 1, offset, tag }), limit),
      ),
    post: (slug) => read(`post ${slug}`, () => getPostBySlug(app.db, slug, PUBLISHED)),
    content: (key) => read(`content ${key}`, () => publicSiteSection(app.db, key, app.log)),
    pages: () => read('pages', () => publishedPageLinks(app.db)),
    page: (slug) => read(`page ${slug}`, () => publishedPage(app.db, slug)),
    // Those not over are remembered; the ones showing are picked at each render. The page cache is
    // dropped when one starts or ends (notices/notice-clock.ts).
    notices: async () => liveBanners(await read('notices', () => publicNoticesToCome(app.db))),
  };
}

/**
 * `data` whose reads also tell `onUnavailable` when the database could not be reached. The loaders
 * turn a failed read into the page's "could not load" text (§8), which suits a browser's
 * navigation; the server renderer instead answers 503 or the page kept from before (render.ts).
 */
export function reportingUnavailable(data: PublicData, onUnavailable: (error: unknown) => void): PublicData {
  const watch =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const value = read(...args);
      // A branch of its own: the loader still gets (and handles) the read's own promise.
      value.catch((error: unknown) => {
        if (isConnectionError(error)) onUnavailable(error);
      });
      return value;
    };
  return {
    server: data.server,
    school: watch(data.school),
    events: watch(data.events),
    eventList: watch(data.eventList),
    event: watch(data.event),
    gallery: watch(data.gallery),
    posts: watch(data.posts),
    post: watch(data.post),
    content: watch(data.content),
    pages: watch(data.pages),
    page: watch(data.page),
    notices: watch(data.notices),
  };
}
