import { useEffect, useState } from 'react';
import { checkSlug } from '../api/posts.ts';

export type SlugState = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** §4/§9: availability is checked 500 ms after the last change. */
export function useSlugCheck(slug: string, excludeId: number | null): SlugState {
  const [result, setResult] = useState<{ key: string; state: SlugState } | null>(null);
  const key = `${excludeId ?? ''}:${slug}`;
  useEffect(() => {
    if (!slug) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkSlug(slug, excludeId, controller.signal)
        .then((r) => setResult({ key, state: r.available ? 'available' : 'taken' }))
        .catch(() => !controller.signal.aborted && setResult({ key, state: 'error' }));
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, excludeId, key]);
  if (!slug) return 'idle';
  return result?.key === key ? result.state : 'checking';
}
