import { Icon } from '#client/components/public/icon.tsx';
import { ArrowLeft, ChevronLeft, ChevronRight } from '#client/components/public/icons.ts';
import { photoAlt, type PhotoWords } from '#shared/photo-text.ts';
import { useEffect, useRef } from 'react';
import type Swiper from 'swiper';
import { trapTab } from './focus-trap.ts';

interface LightboxProps {
  images: string[];
  /** Each image's caption and alt text, in the same order (issue 31). */
  photos?: PhotoWords[];
  /** The open image, or null when closed. */
  index: number | null;
  title: string;
  onIndex(index: number): void;
  onClose(): void;
}

/**
 * §4 lightbox: previous/next wrap around; Back, a backdrop click or Escape close it. A modal
 * <dialog> keeps focus inside; focus returns to the image that opened it (the caller's button).
 * Issue 31: the photos are Swiper's slides, so a swipe moves between them on a touch screen; the
 * viewer covers the page with an opaque background (no page text shows through on a phone); each
 * photo has its alt text (staff's, else the gallery's title and its number) and its caption.
 */
export function Lightbox({ images, photos, index, title, onIndex, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const slides = useRef<HTMLDivElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const open = index !== null;
  const count = images.length;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const go = (step: number) => {
    if (swiper.current) {
      if (step > 0) swiper.current.slideNext();
      else swiper.current.slidePrev();
    } else if (index !== null) onIndex((index + step + count) % count);
  };

  // Arrow keys step through the photos; a click beside the photo (on the backdrop) closes it.
  const latest = useRef({ go, onClose, onIndex, index });
  useEffect(() => {
    latest.current = { go, onClose, onIndex, index };
  });
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      trapTab(e, el);
      if (e.key === 'ArrowRight') latest.current.go(1);
      if (e.key === 'ArrowLeft') latest.current.go(-1);
    };
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element;
      if (target === el || !target.closest('img, button, figcaption, [data-lightbox-bar]')) latest.current.onClose();
    };
    el.addEventListener('keydown', onKey);
    el.addEventListener('click', onClick);
    return () => {
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('click', onClick);
    };
  }, []);

  // The slides are Swiper's while the viewer is open (its chunk is the carousel's, already loaded).
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    void import('./gallery-swiper.ts').then(({ createLightboxSwiper }) => {
      if (cancelled || !slides.current) return;
      swiper.current = createLightboxSwiper({
        root: slides.current,
        index: latest.current.index ?? 0,
        onIndex: (i) => latest.current.onIndex(i),
      });
    });
    return () => {
      cancelled = true;
      swiper.current?.destroy(true, false);
      swiper.current = null;
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-label={`${title}: photo viewer`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950"
    >
      {open && (
        <div className="flex h-full flex-col items-center gap-3 py-4">
          <div data-lightbox-bar className="flex w-full max-w-5xl items-center justify-between gap-3 px-4">
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
          <div ref={slides} className="swiper min-h-0 w-full flex-1 overflow-hidden" data-testid="lightbox-slides">
            <div className="swiper-wrapper flex h-full">
              {images.map((src, i) => {
                const words = photos?.[i];
                return (
                  <div
                    key={src + i}
                    className="swiper-slide flex h-full w-full shrink-0 items-center justify-center px-4"
                    aria-hidden={i === index ? undefined : true}
                  >
                    <figure className="flex max-h-full max-w-full flex-col items-center gap-3">
                      <img
                        src={src}
                        alt={photoAlt(title, i, count, words?.alt)}
                        loading={Math.abs(i - index) <= 1 ? 'eager' : 'lazy'}
                        decoding="async"
                        draggable={false}
                        className="max-h-[68dvh] max-w-full rounded-2xl object-contain shadow-2xl"
                      />
                      {words?.caption && (
                        <figcaption className="max-w-2xl text-center text-base text-slate-100">{words.caption}</figcaption>
                      )}
                    </figure>
                  </div>
                );
              })}
            </div>
          </div>
          {count > 1 && (
            <div data-lightbox-bar className="flex gap-4">
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
