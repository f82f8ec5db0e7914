import { PAGE_PLACEMENT_LABELS, type SitePageContent } from '#shared/schemas/site-page.ts';

/** A page's body as the paragraphs (headings, list items) a person reads, in order. */
export function blocksOf(html: string): string[] {
  return html
    .split(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/i)
    .map((block) =>
      block
        .replace(/<[^<>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/** The paragraphs of `from` that `to` does not have (each counted: a repeated one must repeat). */
function missingFrom(from: string[], to: string[]): string[] {
  const left = new Map<string, number>();
  for (const block of to) left.set(block, (left.get(block) ?? 0) + 1);
  return from.filter((block) => {
    const n = left.get(block) ?? 0;
    if (n > 0) left.set(block, n - 1);
    return n === 0;
  });
}

export interface PageDifference {
  /** Title, address and placement that differ: label, this version's, now's. */
  fields: { label: string; before: string; after: string }[];
  /** Paragraphs only the earlier version has, and only the page published now has. */
  removed: string[];
  added: string[];
}

/** What differs between an earlier version of a page and the one published now. */
export function pageDifference(before: SitePageContent, after: SitePageContent): PageDifference {
  const fields = [
    { label: 'Title', before: before.title, after: after.title },
    { label: 'Address', before: `/${before.slug}`, after: `/${after.slug}` },
    {
      label: 'Where parents find it',
      before: PAGE_PLACEMENT_LABELS[before.placement],
      after: PAGE_PLACEMENT_LABELS[after.placement],
    },
  ].filter((f) => f.before !== f.after);
  const was = blocksOf(before.body);
  const is = blocksOf(after.body);
  return { fields, removed: missingFrom(was, is), added: missingFrom(is, was) };
}
