import type { ImgHTMLAttributes } from 'react';
import type { ImageMeta } from '#client/lib/public-data.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  src: string;
  meta?: ImageMeta | null;
  /** Used when the image's size is not known (external URLs). */
  fallbackWidth: number;
  fallbackHeight: number;
};

/** An image with the upload's WebP variants as `srcset`, and its size set to keep layout stable. */
export function ResponsiveImage({ src, meta, fallbackWidth, fallbackHeight, alt = '', ...rest }: Props) {
  const srcSet = meta?.variants.length ? meta.variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;
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
