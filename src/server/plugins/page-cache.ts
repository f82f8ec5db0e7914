import { createHash } from 'node:crypto';
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

/**
 * Rendered public HTML per URL (DESIGN §7), dropped on any content or settings write. Entries also
 * expire after `ttlMs`, since the events order depends on the clock (upcoming vs past).
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = 1000,
    private readonly ttlMs = 5 * 60 * 1000,
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && now - page.storedAt > this.ttlMs) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  /** Keeps `page` (when the cache is on) and returns whether it did. */
  set(key: string, page: CachedPage): boolean {
    if (!this.enabled) return false;
    if (this.pages.size >= this.maxEntries) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
    return true;
  }

  clear() {
    this.pages.clear();
  }

  get size() {
    return this.pages.size;
  }
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

/** Does a write to this API path change what public pages show? Sign-ins and enquiries do not. */
export function changesPages(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (!url.startsWith('/api/')) return false;
  return !/^\/api\/(enquiries|auth|logout|change-password|install\/check-code|testDatabaseDetails)(\/|\?|$)/.test(url);
}
