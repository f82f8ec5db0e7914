import { Icon } from '#client/components/public/icon.tsx';
import { ArrowLeft, ChevronLeft, ChevronRight } from '#client/components/public/icons.ts';
import { useEffect, useRef } from 'react';
import { trapTab } from './focus-trap.ts';

interface LightboxProps {
  images: string[];
  /** The open image, or null when closed. */
  index: number | null;
  title: string;
  onIndex(index: number): void;
  onClose(): void;
}

/**
 * §4 lightbox: previous/next wrap around; Back, a backdrop click or Escape close it. A modal
 * <dialog> keeps focus inside; focus returns to the image that opened it (the caller's button).
 */
export function Lightbox({ images, index, title, onIndex, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = index !== null;
  const count = images.length;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const go = (step: number) => index !== null && onIndex((index + step + count) % count);

  // Arrow keys step through the photos; a click on the backdrop (the dialog itself) closes it.
  const latest = useRef({ go, onClose });
  useEffect(() => {
    latest.current = { go, onClose };
  });
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      trapTab(e, el);
      if (e.key === 'ArrowRight') latest.current.go(1);
      if (e.key === 'ArrowLeft') latest.current.go(-1);
    };
    const onClick = (e: MouseEvent) => e.target === el && latest.current.onClose();
    el.addEventListener('keydown', onKey);
    el.addEventListener('click', onClick);
    return () => {
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-label={`${title}: photo viewer`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-transparent p-0 backdrop:bg-slate-950/90"
    >
      {open && (
        <div className="pointer-events-none flex h-full flex-col items-center justify-center gap-4 p-4">
          <div className="pointer-events-auto flex w-full max-w-5xl items-center justify-between text-white">
            <button
              type="button"
              onClick={onClose}
              className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-2 font-bold hover:bg-white/25"
            >
              <Icon icon={ArrowLeft} size={18} /> Back
            </button>
            <p aria-live="polite" className="text-sm font-semibold">
              Photo {index + 1} of {count}
            </p>
          </div>
          <img
            src={images[index]}
            alt={`${title} (${index + 1} of ${count})`}
            className="pointer-events-auto max-h-[75dvh] max-w-full rounded-2xl object-contain shadow-2xl"
          />
          {count > 1 && (
            <div className="pointer-events-auto flex gap-4">
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label="Previous photo"
                className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-white text-slate-900 hover:bg-amber-100"
              >
                <Icon icon={ChevronLeft} />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label="Next photo"
                className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-white text-slate-900 hover:bg-amber-100"
              >
                <Icon icon={ChevronRight} />
              </button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
