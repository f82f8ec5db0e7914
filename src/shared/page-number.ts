/** The last page a paginated public list answers (`?page=N`). */
export const MAX_PAGE = 10_000;

/**
 * A `?page=` value as a 1-based page number: anything but an integer above 1 is page 1. The list
 * routes and the page cache's key both read it here, so every spelling of a page shares one entry.
 */
export function pageNumberOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1;
}
