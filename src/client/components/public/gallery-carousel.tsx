import { Icon } from '#client/components/public/icon.tsx';
import { ChevronLeft, ChevronRight, Pause, Play } from '#client/components/public/icons.ts';
import { useEffect, useRef, useState } from 'react';
import type Swiper from 'swiper';
import type { PublicGallery } from '#client/lib/public-data.ts';
import { photoAlt } from '#shared/photo-text.ts';
import { Lightbox } from './lightbox.tsx';

/**
 * §2/§4: the event's gallery as a carousel with a lightbox. The server renders the slides as plain
 * markup; Swiper (its own chunk) takes them over in the browser. Autoplay can be paused (WCAG
 * 2.2.2) and stays off for visitors who prefer reduced motion.
 */
export function GalleryCarousel({ gallery }: { gallery: PublicGallery }) {
  const root = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pagination = useRef<HTMLDivElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const images = gallery.images;
  const title = gallery.title || 'Gallery';

  useEffect(() => {
    let cancelled = false;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const start = () =>
      void import('./gallery-swiper.ts').then(({ createGallerySwiper }) => {
        if (cancelled || !root.current || !prev.current || !next.current || !pagination.current) return;
        swiper.current = createGallerySwiper({
          root: root.current,
          prev: prev.current,
          next: next.current,
          pagination: pagination.current,
          autoplay: !reduce,
        });
        setPlaying(!reduce);
      });
    // Swiper loads when the gallery comes near the screen, not with the page.
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              if (!entries.some((e) => e.isIntersecting)) return;
              observer?.disconnect();
              start();
            },
            { rootMargin: '300px' },
          );
    if (observer && root.current) observer.observe(root.current);
    else start();
    return () => {
      cancelled = true;
      observer?.disconnect();
      swiper.current?.destroy(true, false);
      swiper.current = null;
    };
  }, []);

  const togglePlay = () => {
    const autoplay = swiper.current?.autoplay;
    if (!autoplay) return;
    if (playing) autoplay.stop();
    else autoplay.start();
    setPlaying(!playing);
  };
  const close = () => {
    setOpen(null);
    // After the dialog has closed (a modal dialog makes the page inert until then).
    requestAnimationFrame(() => opener.current?.focus({ preventScroll: true }));
  };

  if (images.length === 0) return null;
  return (
    <section aria-labelledby="gallery-title" className="mt-14">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gallery-title" className="text-2xl font-black text-slate-900">
          {gallery.title || 'Photo Gallery'}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={togglePlay}
            aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-200 hover:bg-amber-50"
          >
            {playing ? <Icon icon={Pause} size={18} /> : <Icon icon={Play} size={18} />}
          </button>
          <button
            ref={prev}
            type="button"
            aria-label="Previous photos"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-brand-700 shadow ring-1 ring-slate-200 hover:bg-amber-50"
          >
            <Icon icon={ChevronLeft} />
          </button>
          <button
            ref={next}
            type="button"
            aria-label="Next photos"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-600 text-white shadow hover:bg-brand-700"
          >
            <Icon icon={ChevronRight} />
          </button>
        </div>
      </div>
      {gallery.description && <p className="mt-2 text-slate-600">{gallery.description}</p>}
      <div ref={root} className="swiper mt-6 overflow-hidden rounded-3xl">
        <div className="swiper-wrapper flex">
          {images.map((src, i) => {
            const words = gallery.photos?.[i];
            return (
              <figure key={src + i} className="swiper-slide w-full shrink-0 sm:w-1/2 lg:w-1/3">
                <button
                  type="button"
                  onClick={(e) => {
                    opener.current = e.currentTarget;
                    setOpen(i);
                  }}
                  className="block w-full overflow-hidden rounded-2xl"
                >
                  {/* The button is named by the photo's alt text, after what it does. */}
                  <span className="sr-only">Open in the photo viewer: </span>
                  <img
                    src={src}
                    alt={photoAlt(title, i, images.length, words?.alt)}
                    width={640}
                    height={440}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[16/11] w-full object-cover transition duration-300 hover:scale-105"
                  />
                </button>
                {words?.caption && <figcaption className="mt-2 px-1 text-sm text-slate-700">{words.caption}</figcaption>}
              </figure>
            );
          })}
        </div>
      </div>
      <div ref={pagination} className="gallery-pagination mt-4 flex justify-center gap-2" />
      <Lightbox images={images} photos={gallery.photos} index={open} title={title} onIndex={setOpen} onClose={close} />
    </section>
  );
}
