import { describe, expect, it } from 'vitest';
import { pickEncoding } from './compression.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding(['deflate', 'GZIP'])).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
  });
});
