import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { uploadSrcSet } from '../../../../shared/schemas/media.ts';
import { photoAlt, type PhotoWords } from '../../../../shared/photo-text.ts';

/**
 * A lightbox over a list of images: previous/next and the arrow keys wrap around; 'position / total'.
 * Each photo has its alt text (staff's, else the gallery's title and its number) and caption (issue 31).
 */
export function Lightbox({
  images,
  photos,
  index,
  title,
  onIndexChange,
  onClose,
}: {
  images: string[];
  photos?: PhotoWords[];
  index: number | null;
  title: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && images.length > 0;
  const total = images.length;
  const current = index ?? 0;
  const go = (delta: number) => onIndexChange((current + delta + total) % total);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onIndexChange((current - 1 + total) % total);
      if (e.key === 'ArrowRight') onIndexChange((current + 1) % total);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, current, total, onIndexChange]);

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title} width="max-w-4xl">
      <div className="relative">
        {open && (
          <img
            src={images[current]}
            srcSet={uploadSrcSet(images[current])}
            sizes="(min-width: 1024px) 56rem, 100vw"
            alt={photoAlt(title, current, total, photos?.[current]?.alt)}
            className="max-h-[65vh] w-full rounded-xl bg-slate-100 object-contain"
          />
        )}
        {open && photos?.[current]?.caption && <p className="mt-2 text-center text-slate-800">{photos[current].caption}</p>}
        <div className="mt-3 flex items-center justify-between gap-2">
          <Button variant="secondary" onClick={() => go(-1)} aria-label="Previous image">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
          </Button>
          <p className="text-sm font-semibold text-slate-700" aria-live="polite">
            {current + 1} / {total}
          </p>
          <Button variant="secondary" onClick={() => go(1)} aria-label="Next image">
            Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
