import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from 'antd';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A page loaded when first shown: each area's code is its own chunk, so the first screen
 * downloads and parses only what it needs (the main bundle stays small however many screens
 * the workstation grows).
 *
 * React.lazy keeps a failed import for good, so a chunk that did not load (a dropped connection,
 * a workstation updated under an open window) would fail again on every Retry of the page's
 * boundary: a failure swaps in a fresh lazy component, and the next render imports again.
 */
export function lazyPage(load: Loader) {
  const fresh = (): ComponentType =>
    lazy(() =>
      load().catch((err: unknown) => {
        Page = fresh();
        throw err;
      }),
    );
  let Page = fresh();
  // Reads `Page` when it renders, not when the element was made at start-up.
  const Current = () => <Page />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <Current />
    </Suspense>
  );
}
