import { Icon } from '#client/components/public/icon.tsx';
import { ChevronLeft, ChevronRight } from '#client/components/public/icons.ts';
import { useRef } from 'react';

interface Testimonial {
  id: number;
  name: string;
  role: 'Parent';
  rating: 5;
  content: string;
}

// §3: four static entries, each rated 5.
const TESTIMONIALS: Testimonial[] = [
  {
    id: 1,
    name: 'Priya Sharma',
    role: 'Parent',
    rating: 5,
    content:
      'My daughter runs into class every morning. The teachers notice every little milestone and share it with us, and she has grown so confident in just one term.',
  },
  {
    id: 2,
    name: 'Rahul Mehta',
    role: 'Parent',
    rating: 5,
    content:
      'The play-based approach really works. Our son now counts everything he sees and tells us stories from storytime at dinner. We could not be happier.',
  },
  {
    id: 3,
    name: 'Anjali Verma',
    role: 'Parent',
    rating: 5,
    content:
      'Safe, clean and full of warmth. The settling-in weeks were gentle, and the regular updates gave us real peace of mind as first-time parents.',
  },
  {
    id: 4,
    name: 'David Thomas',
    role: 'Parent',
    rating: 5,
    content:
      'From the art corner to the garden, every day brings something new. The cultural celebrations are a highlight for our whole family.',
  },
];

/** One star, 24 units wide, drawn from its top point (the shape of Lucide's star, its corners rounded by the stroke). */
const STAR = 'l3.09 6.26 6.91 1.01-5 4.87 1.18 6.88-6.18-3.25-6.18 3.25 1.18-6.88-5-4.87 6.91-1.01z';

/**
 * Five 18 px stars 4 px apart, as one drawing: twenty separate star icons were an eighth of the
 * home page's bytes.
 */
function FiveStars() {
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
      <path d={`M12 2${STAR}${`m29.33 0${STAR}`.repeat(4)}`} />
    </svg>
  );
}

/** §9: the arrows scroll by 400 px. */
const SCROLL_STEP = 400;

export function Testimonials() {
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
            <p className="text-sm font-bold uppercase tracking-widest text-brand-700">Kind words</p>
            <h2 id="testimonials-title" className="mt-1 text-3xl font-black text-slate-900 sm:text-4xl">
              Parent Testimonials
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
          {TESTIMONIALS.map((t) => (
            <li key={t.id} className="w-[85%] shrink-0 sm:w-[380px]">
              <figure className="flex h-full flex-col rounded-3xl bg-white p-7 shadow-md ring-1 ring-orange-100">
                <p className="flex gap-1 text-amber-500" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                  <FiveStars />
                </p>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>“{t.content}”</p>
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
                    <span className="block text-sm text-slate-600">{t.role}</span>
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
