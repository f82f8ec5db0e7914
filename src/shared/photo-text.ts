/*
 * A gallery photo's words (issue 31), without zod: the public pages read them too.
 */

/** Longest caption and alt text of a photo. */
export const MAX_PHOTO_TEXT = 300;

/** A photo's caption (shown under it) and alt text (for those who cannot see it), by its URL. */
export interface PhotoWords {
  url: string;
  caption: string;
  alt: string;
}

/** The alt text of photo `index` (from 0) of `count`: staff's, else "<gallery title>, photo N of M". */
export function photoAlt(galleryTitle: string, index: number, count: number, alt?: string | null): string {
  return alt?.trim() || `${galleryTitle.trim() || 'Gallery'}, photo ${index + 1} of ${count}`;
}
