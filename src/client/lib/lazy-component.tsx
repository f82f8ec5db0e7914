import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is a chunk of its own, loaded the first time it is drawn (or earlier with
 * `preload()`). Once loaded it is drawn at once; before, through Suspense with `fallback`. The back
 * office's sign-in and account forms are such parts: a signed-in page opening on the overview does
 * not load, nor run, the forms' code and schemas (docs/decisions/0022-back-office-start.md).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  let Loaded: ComponentType<P> | undefined;
  const preload = () => load().then((Component) => (Loaded = Component));
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  function LazyComponent(props: P) {
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyComponent, { preload });
}
