import type { GalleryAudience } from './gallery.ts';

/**
 * A photo hidden from its gallery's audience because a tagged child's consent no longer allows it
 * (issue 32; docs/decisions/0028-family-area-and-private-media.md): one row per photo and child.
 */
export interface HiddenPhoto {
  galleryId: number;
  galleryTitle: string;
  audience: GalleryAudience;
  photo: string;
  child: { id: number; name: string };
  /** The consent the audience needs. */
  needs: 'website' | 'families';
  /** "No images anywhere" is on for the child. */
  noImages: boolean;
}
