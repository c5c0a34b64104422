import { useSyncExternalStore } from 'react';

/**
 * Rows the user removed whose server call waits out its undo window (or has been sent). A
 * list hides them when it renders rather than by patching its cached copy, so a refetch in the
 * meantime (a live event, a window refocus) cannot bring a removed row back, and Undo cannot
 * put back a stale copy. Keys are `<kind>:<id>`; server ids are never reused, so a key whose
 * removal went through may stay here for the life of the page.
 */
const hidden = new Set<string>();
let version = 0;
const listeners = new Set<() => void>();

function changed() {
  version++;
  for (const l of listeners) l();
}

export function hideRemoved(keys: readonly string[]): void {
  for (const k of keys) hidden.add(k);
  changed();
}

export function showAgain(keys: readonly string[]): void {
  for (const k of keys) hidden.delete(k);
  changed();
}

export function removalKey(kind: string, id: number | string): string {
  return `${kind}:${id}`;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `items` without those pending removal; `keyOf` names an item as `removalKey` did. */
export function useWithoutRemoved<T>(items: readonly T[] | undefined, keyOf: (item: T) => string): T[] | undefined {
  useSyncExternalStore(subscribe, () => version);
  return items?.filter((item) => !hidden.has(keyOf(item)));
}
