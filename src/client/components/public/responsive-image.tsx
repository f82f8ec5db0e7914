import type { ImgHTMLAttributes } from 'react';
import type { ImageMeta } from '#client/lib/public-data.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  src: string;
  meta?: ImageMeta | null;
  /** Used when the image's size is not known (external URLs). */
  fallbackWidth: number;
  fallbackHeight: number;
};

/** The upload's WebP variants as a `srcset` (undefined without them); also the hero's preload's. */
export const srcSetOf = (meta: ImageMeta | null | undefined) =>
  meta?.variants.length ? meta.variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;

/** An image with the upload's WebP variants as `srcset`, and its size set to keep layout stable. */
export function ResponsiveImage({ src, meta, fallbackWidth, fallbackHeight, alt = '', ...rest }: Props) {
  const srcSet = srcSetOf(meta);
  return (
    <img
      src={src}
      alt={alt}
      srcSet={srcSet}
      width={meta?.width ?? fallbackWidth}
      height={meta?.height ?? fallbackHeight}
      decoding="async"
      {...rest}
    />
  );
}
