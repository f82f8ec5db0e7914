import { PageLink } from '#client/components/public/page-link.tsx';
import { TextArrow } from '#client/components/public/text-arrow.tsx';

/** The page numbers shown: the first, the last, and two either side of the current one; null is a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && n - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) out.push(null);
    out.push(n);
  }
  return out;
}

const linkClass = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 font-bold';

/**
 * Numbered pages of a list (issue 31): Previous, the numbers around the current page with the first
 * and the last, Next; plain links (`href(n)`) that work without scripts.
 */
export function NumberedPager({
  label,
  page,
  pages,
  href,
}: {
  /** The navigation's name, e.g. "Past events pages". */
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 && (
        <PageLink
          to={href(page - 1)}
          rel="prev"
          className={`${linkClass} text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50`}
        >
          <TextArrow back /> Previous
        </PageLink>
      )}
      <ul className="flex flex-wrap items-center gap-1.5">
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <PageLink
                to={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                className={`${linkClass} ${n === page ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-brand-50'}`}
              >
                {n}
              </PageLink>
            </li>
          ),
        )}
      </ul>
      {page < pages && (
        <PageLink
          to={href(page + 1)}
          rel="next"
          className={`${linkClass} text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50`}
        >
          Next <TextArrow />
        </PageLink>
      )}
    </nav>
  );
}
