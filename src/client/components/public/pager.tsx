import { PageLink } from '#client/components/public/page-link.tsx';
import { TextArrow } from '#client/components/public/text-arrow.tsx';
/** Previous/next links for a paginated list (`?page=N`, after the base's own parameters). */
export function Pager({ basePath, page, hasMore }: { basePath: string; page: number; hasMore: boolean }) {
  if (page === 1 && !hasMore) return null;
  // The base may carry a filter already (`/blog?tag=art`).
  const href = (n: number) => (n === 1 ? basePath : `${basePath}${basePath.includes('?') ? '&' : '?'}page=${n}`);
  const className = 'rounded-full px-5 py-2 font-bold ring-1 ring-brand-600 text-brand-700 hover:bg-brand-50';
  return (
    <nav aria-label="Pages" className="mt-12 flex items-center justify-center gap-4">
      {page > 1 && (
        <PageLink to={href(page - 1)} className={className} rel="prev">
          <TextArrow back /> Previous
        </PageLink>
      )}
      <span className="text-sm text-slate-600">Page {page}</span>
      {hasMore && (
        <PageLink to={href(page + 1)} className={className} rel="next">
          Next <TextArrow />
        </PageLink>
      )}
    </nav>
  );
}
