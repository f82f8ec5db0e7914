import { describe, expect, it } from 'vitest';
import { PageCache, pageBytes, pageKey, type CachedPage } from './page-cache.ts';

const page = (bytes: number): CachedPage => ({ status: 200, ...pageBytes(Buffer.alloc(bytes)), storedAt: Date.now() });

describe('PageCache', () => {
  it('evicts the least recently used pages past its byte cap', () => {
    const cache = new PageCache(true, { maxBytes: 1000 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, page(120));
    cache.get('a', Date.now() + 2000);
    for (const key of ['f', 'g', 'h', 'i']) cache.set(key, page(120));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('i')).toBeDefined();
  });

  it('counts compressed copies added later, and keeps no page above an eighth of the cap', () => {
    const cache = new PageCache(true, { maxBytes: 1000 });
    const home = page(100);
    cache.set('/', home);
    home.br = Buffer.alloc(20);
    cache.resize('/', home);
    expect(cache.bytes).toBe(120);
    expect(cache.set('/big', page(126))).toBe(false);
  });

  it('keeps strays to their share: they never push out a page kept under its own address', () => {
    const cache = new PageCache(true, { maxEntries: 10, maxStray: 3 });
    cache.set('/about', page(10));
    for (let i = 0; i < 50; i++) cache.set(`/nope-${i}`, page(10), { own: false });
    expect(cache.size).toBe(4);
    expect(cache.get('/about')).toBeDefined();
  });

  it('does not keep a page built before a clear', () => {
    const cache = new PageCache(true);
    const generation = cache.generation;
    cache.clear();
    expect(cache.set('/', page(10), { generation })).toBe(false);
  });

  it('answers nothing past its time, but keeps the page for a database that is away', () => {
    const cache = new PageCache(true, { ttlMs: 1000 });
    const home = page(10);
    cache.set('/', home);
    expect(cache.get('/', Date.now() + 2000)).toBeUndefined();
    expect(cache.stale('/')).toBe(home);
    cache.clear();
    expect(cache.stale('/')).toBeUndefined();
  });

  it('builds once for callers asking at the same time', async () => {
    const cache = new PageCache(true);
    let builds = 0;
    const build = async () => ++builds;
    expect(await Promise.all([cache.once('k', build), cache.once('k', build)])).toEqual([1, 1]);
  });
});

describe('pageKey', () => {
  it('keeps the path and only the parameters the page reads, as it reads them', () => {
    expect(pageKey('/')).toBe('/');
    expect(pageKey('/about?x=1')).toBe('/about');
    expect(pageKey('/blog?x=9&page=2')).toBe('/blog?page=2');
    expect(pageKey('/blog?page=02&page=3')).toBe('/blog?page=2');
    expect(pageKey('/events?page=abc')).toBe('/events');
    expect(pageKey('/events?page=1')).toBe('/events');
    expect(pageKey('/events?page=123456')).toBe('/events?page=10000');
    expect(pageKey('/blog/post?page=2')).toBe('/blog/post');
  });
});
