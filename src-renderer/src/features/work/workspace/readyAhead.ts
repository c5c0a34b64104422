import { useSyncExternalStore } from 'react';

/**
 * Which item claimed ahead is on this computer with its picture loaded. Kept outside React
 * state so that its changes re-render only what shows it (the header's note), not the whole
 * workspace: the claim ahead often settles while the annotator submits, and a workspace
 * render then would sit on the path from submit to the next item.
 */
export class ReadyAhead {
  private id: number | null = null;
  private readonly listeners = new Set<() => void>();

  set(id: number | null): void {
    if (id === this.id) return;
    this.id = id;
    for (const listener of this.listeners) listener();
  }

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
