import { createHash } from 'node:crypto';
import { listKey } from '#shared/public-lists.ts';
import type { CompressedCopies } from './compression.ts';

/** A page's bytes and their ETag. */
export interface PageBytes {
  body: Buffer;
  etag: string;
}

export interface CachedPage extends PageBytes, CompressedCopies {
  status: number;
  storedAt: number;
}

export interface PageCacheLimits {
  /** Entries in all. */
  maxEntries: number;
  /** Bytes in all: bodies and their compressed copies. A page above an eighth of it is not kept. */
  maxBytes: number;
  /**
   * Entries for addresses that are not a page's own (404s, `/About`, `/event/12` for a slug): any
   * visitor can make endless such URLs, so they take turns in a small share and never evict a page
   * kept under its own address.
   */
  maxStray: number;
  ttlMs: number;
}

export const PAGE_CACHE_LIMITS: PageCacheLimits = {
  maxEntries: 1000,
  maxBytes: 64 * 1024 * 1024,
  maxStray: 100,
  ttlMs: 5 * 60 * 1000,
};

interface Entry {
  page: CachedPage;
  bytes: number;
  usedAt: number;
}

const sizeOf = (page: CachedPage) => page.body.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);

/**
 * Rendered public HTML and feeds by pageKey (DESIGN §7), dropped on any content or settings write.
 * Entries also expire after `ttlMs`, since the events order depends on the clock (upcoming vs
 * past); an expired entry is still there for `stale` until it is replaced or evicted. Bounded by
 * entries and bytes, least recently used first out (a Map keeps insertion order:
 * a hit moves its entry to the end, to the second).
 */
export class PageCache {
  private readonly own = new Map<string, Entry>();
  private readonly stray = new Map<string, Entry>();
  private readonly limits: PageCacheLimits;
  private totalBytes = 0;
  private clears = 0;
  private readonly building = new Map<string, Promise<unknown>>();
  private readonly clearListeners: Array<() => void> = [];

  constructor(
    readonly enabled: boolean,
    limits: Partial<PageCacheLimits> = {},
  ) {
    this.limits = { ...PAGE_CACHE_LIMITS, ...limits };
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    let pool = this.own;
    let entry = pool.get(key);
    if (!entry) {
      pool = this.stray;
      entry = pool.get(key);
      if (!entry) return undefined;
    }
    // Past its time the entry is not answered, but stays (until evicted or replaced) for `stale`.
    if (now - entry.page.storedAt > this.limits.ttlMs) return undefined;
    // To the end of the eviction order, at most once a second: a hit under load moves nothing.
    if (now - entry.usedAt > 1000) {
      entry.usedAt = now;
      pool.delete(key);
      pool.set(key, entry);
    }
    return entry.page;
  }

  /**
   * The page kept under `key` however old: answered while the database cannot be reached, so a
   * visitor gets the page as it was rather than an error (render.ts, feeds).
   */
  stale(key: string): CachedPage | undefined {
    return (this.own.get(key) ?? this.stray.get(key))?.page;
  }

  /** Counts writes that cleared the cache: a page built before one is not kept (see set). */
  get generation() {
    return this.clears;
  }

  /**
   * Keeps `page` (when the cache is on, the page is not too big, and no clear happened since
   * `generation`) and returns whether it did. `own`: `key` is the page's own address.
   */
  set(key: string, page: CachedPage, options: { own?: boolean; generation?: number } = {}): boolean {
    const bytes = sizeOf(page);
    if (!this.enabled || bytes > this.limits.maxBytes / 8) return false;
    if (options.generation !== undefined && options.generation !== this.clears) return false;
    this.delete(key);
    const pool = options.own === false ? this.stray : this.own;
    pool.set(key, { page, bytes, usedAt: Date.now() });
    this.totalBytes += bytes;
    while (this.stray.size > this.limits.maxStray) this.dropOldest(this.stray);
    this.evict();
    return true;
  }

  /** Counts the copies added to a kept page since (compression.ts), evicting others to fit. */
  resize(key: string, page: CachedPage) {
    const entry = this.own.get(key) ?? this.stray.get(key);
    if (entry?.page !== page) return;
    const bytes = sizeOf(page);
    this.totalBytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evict();
  }

  /** `build()`, shared by the callers asking for `key` while it runs (a burst after a write builds once). */
  once<T>(key: string, build: () => Promise<T>): Promise<T> {
    if (!this.enabled) return build(); // measuring rendering itself (bench:pages --no-cache)
    let running = this.building.get(key) as Promise<T> | undefined;
    if (!running) {
      running = build().finally(() => this.building.delete(key));
      this.building.set(key, running);
    }
    return running;
  }

  /**
   * Drops every page, and everything else a page is made from (`onClear`): the one place a write
   * reaches, from this process or (with several instances) another.
   */
  clear() {
    this.own.clear();
    this.stray.clear();
    this.totalBytes = 0;
    this.clears++;
    for (const listener of this.clearListeners) listener();
  }

  /** Runs `listener` on every clear, whether the cache keeps pages or not (--no-cache still clears). */
  onClear(listener: () => void) {
    this.clearListeners.push(listener);
  }

  get size() {
    return this.own.size + this.stray.size;
  }

  get bytes() {
    return this.totalBytes;
  }

  private evict() {
    const { maxBytes, maxEntries } = this.limits;
    while (this.totalBytes > maxBytes || this.size > maxEntries) {
      this.dropOldest(this.stray.size ? this.stray : this.own);
    }
  }

  private dropOldest(pool: Map<string, Entry>) {
    const key = pool.keys().next().value!;
    this.totalBytes -= pool.get(key)!.bytes;
    pool.delete(key);
  }

  private delete(key: string) {
    const entry = this.own.get(key) ?? this.stray.get(key);
    if (!entry) return;
    this.own.delete(key);
    this.stray.delete(key);
    this.totalBytes -= entry.bytes;
  }
}

/** The path of a request URL, without its query. */
export const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * The cache key of a public page: its path and only the query parameters that page reads, in the
 * form the page reads them (`/blog?x=9&page=02` is `/blog?page=2`; `/blog?page=abc` is `/blog`;
 * the lists' filters, shared/public-lists.ts). Rendering this URL instead of the one asked for
 * gives the same page, so the entry is shared.
 */
export function pageKey(url: string): string {
  const path = pathOf(url);
  if (path.length === url.length) return path;
  return listKey(path, new URLSearchParams(url.slice(path.length + 1))) ?? path;
}

/** A weak ETag of the bytes in `parts`. */
export function etagOf(...parts: Buffer[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return `W/"${hash.digest('base64url').slice(0, 22)}"`;
}

export const pageBytes = (body: string | Buffer): PageBytes => {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { body: bytes, etag: etagOf(bytes) };
};

/**
 * Does a write to this API path change what public pages show? Sign-ins and enquiries do not, nor
 * do the website's drafts (saved, discarded, or reset to the default text): parents never see them.
 */
export function changesPages(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (!url.startsWith('/api/')) return false;
  if (/^\/api\/website\/(sections|pages)\/[^/?]+\/(draft|reset)(\?|$)/.test(url)) return false;
  // A parent asking for a sign-in link or signing out changes no page (and anyone can ask: it
  // must not empty every instance's cache).
  if (/^\/api\/family\/(sign-in-link|sign-out)(\?|$)/.test(url)) return false;
  // Nor do the newsletter's subscriptions and settings (issue 33): anyone can subscribe. Nor does
  // e-mailing (a notice, a post, a retry, a test, the rate): the pages show what was published.
  if (/^\/api\/(notices\/\d+\/email|posts\/\d+\/newsletter)(\?|$)/.test(url)) return false;
  return !/^\/api\/(enquiries|newsletter|mailings|auth|logout|change-password|install\/check-code|testDatabaseDetails)(\/|\?|$)/.test(
    url,
  );
}
