import { useSyncExternalStore } from 'react';
import { Watched } from '../../../app/watched';
import type { NextItem } from './itemSource';

/**
 * Which item claimed ahead is on this computer with its picture loaded. A `Watched` value, so
 * that its changes re-render only what shows it (the header's note), not the whole workspace:
 * the claim ahead often settles while the annotator submits, and a workspace render then would
 * sit on the path from submit to the next item.
 */
export class ReadyAhead {
  /** `item`: what was got ready, so the session can open its journal ahead too (useWorkSession) */
  private readonly ready = new Watched<{ id: number; item: NextItem | null } | null>(null);

  set(id: number | null, item: NextItem | null = null): void {
    if (id === this.current()) return;
    this.ready.set(id === null ? null : { id, item });
  }

  /** The item got ready, when its source said what it is. */
  readonly currentItem = (): NextItem | null => this.ready.get()?.item ?? null;

  readonly current = (): number | null => this.ready.get()?.id ?? null;

  readonly subscribe = this.ready.subscribe;
}

/** Whether an item other than the open one waits ready: the open one was the ready one until it opened. */
export function useNextReady(ready: ReadyAhead, openId: number | undefined): boolean {
  const id = useSyncExternalStore(ready.subscribe, ready.current);
  return id !== null && id !== openId;
}
