import { diffWords } from 'diff';
import type { PostVersion, TextChange } from '../../../shared/schemas/post.ts';
import type { posts } from '../../db/schema/index.ts';

type Side = Pick<typeof posts.$inferSelect, 'title' | 'excerpt' | 'content' | 'coverImage' | 'tags' | 'status'>;

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** A post body as the text a person reads: its paragraphs, headings and list items separated by blank lines. */
export function plainText(html: string): string {
  return html
    .split(/<\/(?:p|h[1-6]|li|blockquote|pre|figure)>|<br\s*\/?>|<hr\s*\/?>/i)
    .map((block) =>
      block
        .replace(/<[^<>]*>/g, ' ')
        .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (_, name: string) => ENTITIES[name]!)
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}

/** Word by word; a body too different to compare within a second reads as all removed, then all added. */
function textChanges(before: string, after: string): TextChange[] {
  const changes = diffWords(before, after, { timeout: 1000 }) ?? [
    { value: before, added: false, removed: true, count: 1 },
    { value: after, added: true, removed: false, count: 1 },
  ];
  return changes.filter((c) => c.value).map((c) => ({ value: c.value, added: c.added, removed: c.removed }));
}

/** What changed from a kept version (`before`) to the post now (`after`). */
export function postDiff(before: Side, after: Side): PostVersion['diff'] {
  const had = new Set(before.tags.map((t) => t.toLowerCase()));
  const has = new Set(after.tags.map((t) => t.toLowerCase()));
  return {
    title: textChanges(before.title, after.title),
    excerpt: textChanges(before.excerpt, after.excerpt),
    content: textChanges(plainText(before.content), plainText(after.content)),
    tags: {
      added: after.tags.filter((t) => !had.has(t.toLowerCase())),
      removed: before.tags.filter((t) => !has.has(t.toLowerCase())),
    },
    cover: before.coverImage === after.coverImage ? null : { before: before.coverImage, after: after.coverImage },
    status: before.status === after.status ? null : { before: before.status, after: after.status },
  };
}
