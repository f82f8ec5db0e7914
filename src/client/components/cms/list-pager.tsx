import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** The page numbers to offer: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && n - last > 1) out.push(n - last === 2 ? n - 1 : 'gap');
    out.push(n);
  }
  return out;
}

/**
 * Numbered pages of a back-office list with Previous and Next, and where the page is in the list
 * ("21–40 of 5,006"). Plain buttons: Tab and Enter move through pages; the current one is marked.
 */
export function ListPager({
  page,
  pageSize,
  total,
  onPage,
  label,
  busy,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the pages are of, e.g. "Posts pages". */
  label: string;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return (
    <nav aria-label={label} className="mt-6 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600" aria-live="polite">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
        {busy ? ' (loading…)' : ''}
      </p>
      {pages > 1 && (
        <ul className="flex flex-wrap items-center justify-center gap-1">
          <li>
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
            </Button>
          </li>
          {pageWindow(Math.min(page, pages), pages).map((n, i) =>
            n === 'gap' ? (
              <li key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={n}>
                <Button
                  variant={n === page ? 'primary' : 'ghost'}
                  size="sm"
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={`Page ${n}`}
                  onClick={() => onPage(n)}
                >
                  {n}
                </Button>
              </li>
            ),
          )}
          <li>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </li>
        </ul>
      )}
    </nav>
  );
}
