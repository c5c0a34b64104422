import { useSyncExternalStore } from 'react';

/**
 * A value a few parts of a page show, kept outside React state: its changes re-render only the
 * components that read it with `useWatched`, not the page that owns it. For values that change
 * on a hot path (the workspace's "moving on" flag, the count of hand-offs waiting), where a
 * render of the whole page would delay what the user waits for.
 */
export class Watched<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  readonly get = (): T => this.value;

  set(value: T): void {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const useWatched = <T,>(watched: Watched<T>): T => useSyncExternalStore(watched.subscribe, watched.get);
