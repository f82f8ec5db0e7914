import { DEFAULT_SCHOOL } from '#shared/schemas/school-defaults.ts';
import type { SchoolProfile } from '#shared/schemas/school.ts';
import type { SiteContent } from '#shared/schemas/site-content.ts';
import type { SectionKey } from '#shared/schemas/site-content-defaults.ts';
import { pageNumberOf } from '#shared/page-number.ts';
import type { PhotoWords } from '#shared/photo-text.ts';
import type { NoticeBanner } from '#shared/schemas/notice.ts';
import { eventsHref, type EventsQuery } from '#shared/public-lists.ts';
import type { SchoolDate } from '#shared/school-year.ts';
import { apiGet, ApiError } from './api-client.ts';

/** Size and WebP variants of an uploaded image (null for external URLs). */
export interface ImageMeta {
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

/** An event as the public pages show it (§3, §7 field names). */
export interface PublicEvent {
  id: number | string;
  slug: string | null;
  title: string;
  description: string;
  cover_image: string | null;
  cover_meta?: ImageMeta | null;
  category: string | null;
  location: string;
  start_date: string;
  end_date: string | null;
  status: string;
  gallery_id: number | string | null;
  updated_at?: string | null;
  /** The linked gallery, when published: photos or a video (the events list's cards say so). */
  gallery_kind?: 'photos' | 'video' | null;
  /** Issue 34: the branch it happens at (null: the whole school). */
  branch?: string | null;
  /** Issue 34: a repeating event's rule in words, and the dates closures cancelled (one event's page only). */
  series?: { words: string; cancelled: { start_date: string; closure: string }[] } | null;
}

/** A filter of the events list: its value in links, and its name. */
export interface ListFilter {
  slug: string;
  name: string;
}

/** /events (issue 31): a page of the events to come and one of the past ones, with their counts and the filters. */
export interface PublicEventList {
  upcoming: { items: PublicEvent[]; total: number };
  past: { items: PublicEvent[]; total: number };
  perPage: number;
  /** The branches and categories some event has. */
  branches: ListFilter[];
  categories: ListFilter[];
  /** The filters applied. */
  branch: ListFilter | null;
  category: ListFilter | null;
  /** Issue 34: today on the school's clock ('YYYY-MM-DD'), and the term dates not yet over (the branch's and the school's). */
  today: string;
  termDates: SchoolDate[];
  /** The month's calendar (`?view=month`), else null. */
  month: PublicEventMonth | null;
}

/** A month of /events: its events (soonest first) and the school dates it touches. */
export interface PublicEventMonth {
  /** 'YYYY-MM'. */
  month: string;
  events: Pick<PublicEvent, 'id' | 'slug' | 'title' | 'start_date'>[];
  dates: SchoolDate[];
}

/** A published post; `content` is sanitised HTML. */
export interface PublicPost {
  id: number | string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  cover_image: string | null;
  cover_meta?: ImageMeta | null;
  tags: string[];
  author: string | null;
  created_at: string;
  updated_at: string | null;
  published_at: string | null;
}

/** A published gallery, normalised: images are plain URLs. */
export interface PublicGallery {
  id: number | string;
  title: string;
  description: string | null;
  type: 'images' | 'video';
  images: string[];
  videoUrl: string | null;
  videoType: 'youtube' | 'vimeo' | null;
  /** The player URL for an iframe (YouTube or Vimeo), when the video is recognised. */
  embedUrl?: string | null;
  thumbnail: string | null;
  /** Each image's caption and alt text, in the images' order (issue 31; empty where staff gave none). */
  photos?: PhotoWords[];
}

/** A published page of the school's own (issue 30): `body` is sanitised HTML. */
export interface PublicOwnPage {
  slug: string;
  title: string;
  body: string;
  placement: 'header' | 'footer' | 'none';
  /** When it was last published. */
  updated_at: string;
}

/** A published page as the menus link to it. */
export type PublicPageLink = Pick<PublicOwnPage, 'slug' | 'title' | 'placement' | 'updated_at'>;

/** A section of the school's words (issue 30): its content, and its photos' sizes and variants by URL. */
export interface SiteSection<K extends SectionKey = SectionKey> {
  content: SiteContent[K];
  photos: Record<string, ImageMeta>;
}

export interface Page<T> {
  items: T[];
  /** Another page follows (one extra row is read instead of counting every row). */
  hasMore: boolean;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/** A page of the blog, of one tag's posts when `tag` is given. */
export interface PostsRequest extends PageRequest {
  tag?: string | null;
}

/**
 * What public pages read. On the server the renderer passes an implementation that calls the
 * services directly (no HTTP round trip); in the browser, client navigations use /api/site/*,
 * which the same server functions answer.
 */
export interface PublicData {
  readonly server: boolean;
  school(): Promise<SchoolProfile>;
  /** Upcoming soonest first, then the most recent past ones (the events service's order). */
  events(page: PageRequest): Promise<Page<PublicEvent>>;
  /** The events list's page: null when a filter names no branch or category of the school. */
  eventList(query: EventsQuery): Promise<PublicEventList | null>;
  event(idOrSlug: string): Promise<PublicEvent | null>;
  gallery(id: string | number): Promise<PublicGallery | null>;
  posts(page: PostsRequest): Promise<Page<PublicPost>>;
  post(slug: string): Promise<PublicPost | null>;
  /** A page's words, lists and photos: the published section, else today's text. */
  content<K extends SectionKey>(key: K): Promise<SiteSection<K>>;
  /** Every published page of the school's own, by title (the header, the footer and the sitemap). */
  pages(): Promise<PublicPageLink[]>;
  page(slug: string): Promise<PublicOwnPage | null>;
  /** The notices for everyone showing now (issue 33): the banner above every page. */
  notices(): Promise<NoticeBanner[]>;
}

const orNull = async <T>(load: Promise<{ data: T }>): Promise<T | null> => {
  try {
    return (await load).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

const query = (page: PageRequest) => `limit=${page.limit}&offset=${page.offset}`;
const path = (value: string | number) => encodeURIComponent(String(value));

export const browserPublicData: PublicData = {
  server: false,
  school: async () => (await apiGet<{ data: SchoolProfile }>('/api/school').catch(() => ({ data: DEFAULT_SCHOOL }))).data,
  events: async (page) => (await apiGet<{ data: Page<PublicEvent> }>(`/api/site/events?${query(page)}`)).data,
  event: (id) => orNull(apiGet(`/api/site/events/${path(id)}`)),
  gallery: (id) => orNull(apiGet(`/api/site/galleries/${path(id)}`)),
  eventList: (list) => orNull(apiGet(`/api/site/event-list${eventsHref(list).slice('/events'.length)}`)),
  posts: async (page) =>
    (
      await apiGet<{ data: Page<PublicPost> }>(
        `/api/site/posts?${query(page)}${page.tag ? `&tag=${encodeURIComponent(page.tag)}` : ''}`,
      )
    ).data,
  post: (slug) => orNull(apiGet(`/api/site/posts/${path(slug)}`)),
  content: async <K extends SectionKey>(key: K) => (await apiGet<{ data: SiteSection<K> }>(`/api/site/content/${key}`)).data,
  pages: async () => (await apiGet<{ data: PublicPageLink[] }>('/api/site/pages')).data,
  page: (slug) => orNull(apiGet(`/api/site/pages/${path(slug)}`)),
  notices: async () => (await apiGet<{ data: NoticeBanner[] }>('/api/site/notices')).data,
};

/** The data source of a loader: the server's through the request context, else the browser's. */
export function publicData(context: unknown): PublicData {
  const fromServer = (context as { publicData?: PublicData } | undefined)?.publicData;
  return fromServer ?? browserPublicData;
}

/** `?page=N` as a 1-based page number (anything else is page 1). */
export const pageNumber = (request: Request): number => pageNumberOf(new URL(request.url).searchParams.get('page'));
