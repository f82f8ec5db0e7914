import { describe, expect, it } from 'vitest';
import { listSearchParams, searchWords } from './list-query.ts';
import { PostListQuerySchema } from './post.ts';

describe('the list query schema', () => {
  it('fills the defaults and caps the page size', () => {
    expect(PostListQuerySchema.parse({})).toEqual({ limit: 20, offset: 0, sort: 'newest', q: undefined, status: undefined });
    expect(PostListQuerySchema.parse({ limit: '500', offset: '40', q: '  garden ', status: '' })).toMatchObject({
      limit: 100,
      offset: 40,
      q: 'garden',
      status: undefined,
    });
  });

  it('says which parameter is wrong', () => {
    const issue = (query: Record<string, unknown>) => PostListQuerySchema.safeParse(query).error?.issues[0];
    expect(issue({ limit: 'ten' })).toMatchObject({ path: ['limit'], message: 'limit must be a number.' });
    expect(issue({ offset: '-5' })).toMatchObject({ path: ['offset'], message: 'offset must be at least 0.' });
    expect(issue({ sort: 'random' })?.path).toEqual(['sort']);
  });
});

describe('searchWords', () => {
  it('keeps letters and digits of any script, lower-cased, and nothing to_tsquery reads as syntax', () => {
    expect(searchWords('  Sports DAY ')).toEqual(['sports', 'day']);
    expect(searchWords("spor:* | !x & (y) 'z'")).toEqual(['spor', 'x', 'y', 'z']);
    expect(searchWords('anna@example.com')).toEqual(['anna', 'example', 'com']);
    expect(searchWords('दिवाली मेला')).toEqual(['दिवाली', 'मेला']);
    expect(searchWords('!!!')).toBeNull();
    expect(searchWords(undefined)).toBeNull();
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('listSearchParams', () => {
  it('leaves out what is empty or the default', () => {
    expect(listSearchParams({ limit: 20, offset: 0, q: undefined, status: '' })).toBe('?limit=20');
    expect(listSearchParams({ q: 'sports day', offset: 40 })).toBe('?q=sports+day&offset=40');
    expect(listSearchParams({})).toBe('');
  });
});
