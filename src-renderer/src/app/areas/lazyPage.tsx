import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from 'antd';

/**
 * A page loaded when first shown: each area's code is its own chunk, so the first screen
 * downloads and parses only what it needs (the main bundle stays small however many screens
 * the workstation grows).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Skeleton active />}>
      <Page />
    </Suspense>
  );
}
