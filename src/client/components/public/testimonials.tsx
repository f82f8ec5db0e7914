import { Icon } from '#client/components/public/icon.tsx';
import { ChevronLeft, ChevronRight } from '#client/components/public/icons.ts';
import type { HomeContent } from '#shared/schemas/site-content.ts';
import { useRef } from 'react';

type TestimonialsContent = HomeContent['testimonials'];

/** One star, 24 units wide, drawn from its top point (the shape of Lucide's star, its corners rounded by the stroke). */
const STAR = 'l3.09 6.26 6.91 1.01-5 4.87 1.18 6.88-6.18-3.25-6.18 3.25 1.18-6.88-5-4.87 6.91-1.01z';

/** Stars drawn from the top point of the first, 29.33 units apart. */
const stars = (count: number) => `${STAR}${`m29.33 0${STAR}`.repeat(count - 1)}`;

/**
 * Five 18 px stars 4 px apart, as one drawing (twenty separate star icons were an eighth of the
 * home page's bytes): the first `rating` filled, the rest outlined.
 */
function Stars({ rating }: { rating: number }) {
  return (
    <svg
      width="106"
      height="18"
      viewBox="0 0 141.33 24"
      fill="currentColor"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={`M12 2${stars(rating)}`} />
      {rating < 5 && <path fill="none" d={`M${(12 + 29.33 * rating).toFixed(2)} 2${stars(5 - rating)}`} />}
    </svg>
  );
}

/** §9: the arrows scroll by 400 px. */
const SCROLL_STEP = 400;

export function Testimonials({ eyebrow, heading, items }: TestimonialsContent) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: -1 | 1) => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.current?.scrollBy({ left: direction * SCROLL_STEP, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <section aria-labelledby="testimonials-title" className="bg-gradient-to-b from-white to-amber-50 px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            {eyebrow && <p className="text-sm font-bold uppercase tracking-widest text-brand-700">{eyebrow}</p>}
            <h2 id="testimonials-title" className="mt-1 text-3xl font-black text-slate-900 sm:text-4xl">
              {heading}
            </h2>
          </div>
          <div className="flex gap-3">
            <button
              type="button"
              onClick={() => scroll(-1)}
              aria-label="Previous testimonials"
              className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-white text-brand-700 shadow ring-1 ring-orange-200 hover:bg-brand-50"
            >
              <Icon icon={ChevronLeft} />
            </button>
            <button
              type="button"
              onClick={() => scroll(1)}
              aria-label="Next testimonials"
              className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white shadow hover:bg-brand-700"
            >
              <Icon icon={ChevronRight} />
            </button>
          </div>
        </div>
        {/* A focusable scroll region: keyboard users can also scroll it with the arrow keys. */}
        <ul
          ref={track}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label="Testimonials from parents"
          className="no-scrollbar mt-10 flex gap-6 overflow-x-auto scroll-smooth pb-4"
        >
          {items.map((t, i) => (
            <li key={i} className="w-[85%] shrink-0 sm:w-[380px]">
              <figure className="flex h-full flex-col rounded-3xl bg-white p-7 shadow-md ring-1 ring-orange-100">
                <p className="flex gap-1 text-amber-500" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                  <Stars rating={t.rating} />
                </p>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-gradient-to-br from-amber-300 to-orange-400 font-black text-white"
                  >
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-bold text-slate-900">{t.name}</span>
                    {t.relation && <span className="block text-sm text-slate-600">{t.relation}</span>}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
