import { useSyncExternalStore } from 'react';
import type { NextItem } from './itemSource';

/**
 * Which item claimed ahead is on this computer with its picture loaded. Kept outside React
 * state so that its changes re-render only what shows it (the header's note), not the whole
 * workspace: the claim ahead often settles while the annotator submits, and a workspace
 * render then would sit on the path from submit to the next item.
 */
export class ReadyAhead {
  private id: number | null = null;
  private item: NextItem | null = null;
  private readonly listeners = new Set<() => void>();

  /** `item`: what was got ready, so the session can open its journal ahead too (useWorkSession). */
  set(id: number | null, item: NextItem | null = null): void {
    if (id === this.id) return;
    this.id = id;
    this.item = id === null ? null : item;
    for (const listener of this.listeners) listener();
  }

  /** The item got ready, when its source said what it is. */
  readonly currentItem = (): NextItem | null => this.item;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly current = (): number | null => this.id;
}

/** Whether an item other than the open one waits ready: the open one was the ready one until it opened. */
export function useNextReady(ready: ReadyAhead, openId: number | undefined): boolean {
  const id = useSyncExternalStore(ready.subscribe, ready.current);
  return id !== null && id !== openId;
}
