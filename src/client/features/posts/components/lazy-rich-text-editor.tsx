import { useEffect, useState, type ComponentProps } from 'react';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import type { RichTextEditor } from './rich-text-editor.tsx';

/** Where the editor will be, the size it will have: nothing moves when it arrives. */
const placeholder = <div className="h-64 rounded-lg border border-slate-300 bg-white" />;

const Editor = lazyComponent(() => import('./rich-text-editor.tsx').then((m) => m.RichTextEditor), placeholder);

/**
 * The body editor (TipTap, about 110 KB compressed, its own chunk) started once the form around it
 * has been painted: the screen's first paint (its LCP) never waits for TipTap to be run, which
 * Lighthouse counted against the blog and page editors (LCP 3.3-3.7 s on a slowed phone). Its chunk
 * is not preloaded with the page either: fetched beside the screen's own it delayed that paint
 * (blog editor LCP 3.3 → 3.0 s without it). Started on the person's first use of the page instead,
 * its start (about 170 ms of blocking on a slowed phone) would fall on that first tap or key.
 */
export function LazyRichTextEditor(props: ComponentProps<typeof RichTextEditor>) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? <Editor {...props} /> : placeholder;
}
