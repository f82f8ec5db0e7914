import { createElement, type ReactNode } from 'react';

/**
 * Parts of a public page that are the same on every render until the next write (the header, the
 * footer, the home page's sections), rendered once and kept as HTML: a fresh render draws only the
 * lists and details. The server's render passes `kept` (render.ts drops it with the page cache);
 * in the browser `Once` is its children, so hydration meets the same tree.
 */
interface Rendering {
  kept: Map<string, string>;
  /** The first part this render had to draw, to be kept after it. */
  missing?: string;
  /** Left out of this render, to find where it was in the one before. */
  leftOut?: string;
}
let rendering: Rendering | null = null;

/** Ids are plain words and paths: React writes them into the attribute unescaped. */
const placeholder = (id: string) => `<sprout-part data-id="${id}"></sprout-part>`;
const PLACEHOLDER = /<sprout-part data-id="([^"]*)"><\/sprout-part>/g;

/**
 * `children` (one element, no dates or ids of its own that differ between renders) drawn once per
 * content version; `id` names it and whatever besides the content it depends on (the header's
 * active link). Rendering the part in its own place keeps React's ids and text markers the same.
 */
export function Once({ id, children }: { id: string; children: ReactNode }) {
  const now = rendering;
  if (!now) return children;
  if (now.kept.has(id) || now.leftOut === id) return createElement('sprout-part', { 'data-id': id });
  now.missing ??= id;
  return children;
}

/**
 * Server: `render()` (renderToString of the page) with the kept parts put back in their places.
 * A part not kept yet is found by rendering the page once more without it (so once per part per
 * write) and kept only when the two renders differ just there.
 */
export function renderKeepingParts(render: () => string, kept?: Map<string, string>): string {
  if (!kept) return render();
  try {
    rendering = { kept };
    const html = render();
    const { missing } = rendering;
    if (missing !== undefined) {
      rendering = { kept, leftOut: missing };
      const without = render();
      const mark = placeholder(missing);
      const at = without.indexOf(mark);
      const end = at + html.length - without.length + mark.length;
      const after = without.slice(at + mark.length);
      if (at >= 0 && end >= at && html.startsWith(without.slice(0, at)) && html.endsWith(after) && !after.includes(mark))
        kept.set(missing, html.slice(at, end));
    }
    return html.includes('<sprout-part') ? html.replace(PLACEHOLDER, (mark, id: string) => kept.get(id) ?? mark) : html;
  } finally {
    rendering = null;
  }
}
