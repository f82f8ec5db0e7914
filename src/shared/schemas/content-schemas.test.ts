import { describe, expect, it } from 'vitest';
import { EventInputSchema } from './event.ts';
import { detectVideoType, GalleryInputSchema, videoEmbedUrl, videoThumbnail, youtubeId } from './gallery.ts';
import { ImageUrlSchema, uploadSrcSet } from './media.ts';
import { slugify, TagsSchema } from './post.ts';

describe('slugify (§5)', () => {
  it('lowercases, keeps letters, digits, spaces and hyphens, and collapses hyphens', () => {
    expect(slugify('Hello, World!  Our  Spring -- Fair')).toBe('hello-world-our-spring-fair');
    expect(slugify('  Café Día 2026 ')).toBe('cafe-dia-2026');
    expect(slugify('!!!')).toBe('');
  });
});

describe('video detection (§4)', () => {
  it('gives youtube for youtube.com, youtu.be and empty URLs, vimeo for vimeo.com', () => {
    expect(detectVideoType('https://www.youtube.com/watch?v=abcdefghijk')).toBe('youtube');
    expect(detectVideoType('https://youtu.be/abcdefghijk')).toBe('youtube');
    expect(detectVideoType('')).toBe('youtube');
    expect(detectVideoType('https://vimeo.com/76979871')).toBe('vimeo');
  });
  it('derives ids, thumbnails and embed URLs', () => {
    expect(youtubeId('https://www.youtube.com/shorts/abcdefghijk')).toBe('abcdefghijk');
    expect(videoThumbnail('https://youtu.be/abcdefghijk')).toBe('https://img.youtube.com/vi/abcdefghijk/hqdefault.jpg');
    expect(videoThumbnail('https://vimeo.com/1')).toBeNull();
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
  });
});

describe('input schemas', () => {
  it('accepts only http(s) or upload image URLs', () => {
    expect(ImageUrlSchema.safeParse('https://e.com/a.jpg').success).toBe(true);
    expect(ImageUrlSchema.safeParse('/uploads/0123456789abcdef0123456789abcdef.webp').success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,xx', '/uploads/../x', 'ftp://e.com/a'])
      expect(ImageUrlSchema.safeParse(bad).success, bad).toBe(false);
  });
  it('builds a srcset for uploads only', () => {
    expect(uploadSrcSet('/uploads/0123456789abcdef0123456789abcdef.webp')).toBe(
      '/uploads/0123456789abcdef0123456789abcdef-400.webp 400w, /uploads/0123456789abcdef0123456789abcdef-800.webp 800w, /uploads/0123456789abcdef0123456789abcdef-1600.webp 1600w',
    );
    expect(uploadSrcSet('https://e.com/a.jpg')).toBeUndefined();
  });
  it('parses tags from JSON, comma lists and arrays, without duplicates', () => {
    expect(TagsSchema.parse('["a","b"]')).toEqual(['a', 'b']);
    expect(TagsSchema.parse('a, b ,A')).toEqual(['A', 'b']);
    expect(TagsSchema.parse(['x', ''])).toEqual(['x']);
  });
  it('normalises event dates to ISO and empties to null', () => {
    const v = EventInputSchema.parse({
      title: 't',
      description: 'd',
      category: 'c',
      location: 'l',
      start_date: '2030-01-01T10:00:00+05:30',
      end_date: '',
      gallery_id: '',
      cover_image: '',
    });
    expect(v).toMatchObject({
      start_date: '2030-01-01T04:30:00.000Z',
      end_date: null,
      gallery_id: null,
      cover_image: null,
      status: 'upcoming',
    });
  });
  it('maps a gallery to its canonical shape', () => {
    const g = GalleryInputSchema.parse({
      name: 'G',
      type: 'video',
      videourl: 'https://youtu.be/abcdefghijk',
      images: ['https://e.com/x.jpg'],
    });
    expect(g).toMatchObject({
      title: 'G',
      images: [],
      videoType: 'youtube',
      thumbnail: 'https://img.youtube.com/vi/abcdefghijk/hqdefault.jpg',
    });
  });
});
