import { pageNumberOf } from './page-number.ts';

/**
 * The query parameters the public lists read (issue 31), in one canonical form: the page cache's
 * key (server/plugins/page-cache.ts pageKey) and the pages' canonical addresses are both built
 * here, so every spelling of a list shares one cached page. No zod: the public bundle reads it.
 */

/** A name as a filter's value in a link: "City Branch" is `city-branch`. */
export function filterSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/** /events: filters by branch and category, the upcoming events' page and the past events' page. */
export interface EventsQuery {
  branch: string | null;
  category: string | null;
  /** The upcoming events' page (`?page=`). */
  page: number;
  /** The past events' page (`?past=`). */
  past: number;
  /** Issue 34: the list, or a month's calendar (`?view=month`). */
  view: 'list' | 'month';
  /** The month shown (`?month=YYYY-MM`), null for this month. */
  month: string | null;
}

/** A `?month=` value: 'YYYY-MM' of a plausible year, else null (this month). */
const monthParam = (value: string | null) => {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value?.trim() ?? '');
  return match && Number(match[1]) >= 1900 && Number(match[1]) <= 2999 ? match[0] : null;
};

const slugParam = (value: string | null) => {
  const slug = value?.trim().toLowerCase() ?? '';
  return slug === '' ? null : slug.slice(0, 100);
};

export function eventsQueryOf(params: URLSearchParams): EventsQuery {
  const view = params.get('view') === 'month' ? 'month' : 'list';
  // A month's calendar is not paged.
  const past = view === 'month' ? 1 : pageNumberOf(params.get('past'));
  return {
    branch: slugParam(params.get('branch')),
    category: slugParam(params.get('category')),
    // One list paged at a time: a page of the past events shows the first upcoming ones.
    page: past > 1 || view === 'month' ? 1 : pageNumberOf(params.get('page')),
    past,
    view,
    month: view === 'month' ? monthParam(params.get('month')) : null,
  };
}

/** The address of an events list (`/events?branch=..&category=..&page=..&past=..&view=month&month=..`), `hash` appended. */
export function eventsHref(query: Partial<EventsQuery>, hash = ''): string {
  const params = new URLSearchParams();
  if (query.branch) params.set('branch', query.branch);
  if (query.category) params.set('category', query.category);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.past && query.past > 1) params.set('past', String(query.past));
  if (query.view === 'month') params.set('view', 'month');
  if (query.view === 'month' && query.month) params.set('month', query.month);
  const search = params.toString();
  return `/events${search ? `?${search}` : ''}${hash}`;
}

/** /blog: a tag (as the posts spell it) and the page. */
export interface BlogQuery {
  tag: string | null;
  page: number;
}

export function blogQueryOf(params: URLSearchParams): BlogQuery {
  const tag = params.get('tag')?.trim().slice(0, 100) ?? '';
  return { tag: tag === '' ? null : tag, page: pageNumberOf(params.get('page')) };
}

export function blogHref(query: Partial<BlogQuery>): string {
  const params = new URLSearchParams();
  if (query.tag) params.set('tag', query.tag);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `/blog${search ? `?${search}` : ''}`;
}

/** The canonical address of a list page (its path and the parameters it reads), else null. */
export function listKey(path: string, params: URLSearchParams): string | null {
  if (path === '/events') return eventsHref(eventsQueryOf(params));
  if (path === '/blog') return blogHref(blogQueryOf(params));
  return null;
}

/** Events on a page of either /events list. */
export const EVENTS_PER_PAGE = 12;
