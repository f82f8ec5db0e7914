import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { uploadSrcSet } from '../../../../shared/schemas/media.ts';

/** An image that shows a placeholder text when it is missing or fails to load (§8). */
export function SafeImage({
  src,
  alt,
  className = '',
  sizes = '(min-width: 1024px) 33vw, 100vw',
  missingText = 'No Image',
  brokenText = 'Broken Image',
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  sizes?: string;
  missingText?: string;
  brokenText?: string;
  /** The first image of a list: often the largest paint, so fetched at once rather than lazily. */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div
        className={`flex flex-col items-center justify-center gap-1 bg-slate-100 text-xs font-medium text-slate-600 ${className}`}
      >
        <ImageOff className="h-5 w-5" aria-hidden="true" />
        <span>{src ? brokenText : missingText}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={uploadSrcSet(src)}
      sizes={uploadSrcSet(src) ? sizes : undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      className={`object-cover ${className}`}
      onError={() => setFailed(src)}
    />
  );
}
