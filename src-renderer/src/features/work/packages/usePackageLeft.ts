import { useCallback, useEffect, useRef } from 'react';
import { Watched } from '../../../app/watched';
import { workstation } from '../../../host';
import type { HandoffsWaiting } from '../workspace/claimPast';
import { NOT_COUNTED, type ItemsLeft } from '../workspace/itemsLeft';

/** A package's items in the order the workstation keeps them, and the hand-offs waiting in the journal, read together. */
export interface PackageNow {
  ids: number[];
  waiting: number[];
}

/** Reads the package's items and the hand-offs waiting at once (two bridge calls side by side). */
export async function readPackageNow(packageId: number, handoffs: HandoffsWaiting): Promise<PackageNow> {
  const [{ taskSubjectIds }, waiting] = await Promise.all([workstation.invoke('packages.status', { packageId }), handoffs.ids()]);
  return { ids: taskSubjectIds, waiting };
}

/**
 * Whether an item is still to be offered in this session: not opened yet, and its hand-off
 * does not wait in the journal. Items handed on in this session are neither (they wait in the
 * journal, or were refused and are listed in the notice, not offered again).
 */
export const stillToOffer = (id: number, opened: ReadonlySet<number>, waiting: readonly number[]): boolean => !opened.has(id) && !waiting.includes(id);

/** Of a package's items, those still to do in this session: the open one, and every other still to be offered. */
export function itemsLeft(ids: readonly number[], at: { openId: number | null; opened: ReadonlySet<number>; waiting: readonly number[] }): number {
  return ids.filter((id) => id === at.openId || stillToOffer(id, at.opened, at.waiting)).length;
}

/** Counts kept for the last few items (the open one and the one coming): older ones are never asked for again. */
const COUNTS_KEPT = 4;

/**
 * The header's "n left" on a package (docs/offline-day.md): counted on this workstation, never
 * asked of the server, so it goes down item by item offline too. A count is kept per item
 * (itemsLeft.ts): the next item's is counted when it is taken, from the same read it was chosen
 * from, so it shows in the paint that shows its picture; counted again once it is open and when
 * the package's item count changes (an item lost with the lease, or handed on).
 */
export function usePackageLeft(packageId: number, opened: ReadonlySet<number>) {
  const left = useRef(new Watched<ItemsLeft>(NOT_COUNTED)).current;
  const counts = useRef(new Map<number, number>()).current;
  const at = useRef<{ openId: number | null; handoffs: HandoffsWaiting | null }>({ openId: null, handoffs: null });
  // Counts may answer out of order (a bridge call each): only the latest one is kept.
  const asked = useRef(0);

  /** Keeps `count` as the one for item `id`, and tells the header when that changes what it shows. */
  const keep = useCallback(
    (id: number, count: number) => {
      if (counts.get(id) === count) return;
      counts.delete(id);
      counts.set(id, count);
      for (const old of counts.keys()) if (counts.size > COUNTS_KEPT) counts.delete(old);
      const now = new Map(counts);
      left.set((openId) => (openId === undefined ? undefined : now.get(openId)));
    },
    [counts, left],
  );

  /** Counts for the open item from `now` (read by the caller) or from a fresh read. */
  const count = useCallback(
    async (now?: Promise<PackageNow>) => {
      const { openId, handoffs } = at.current;
      if (openId === null || !handoffs) return; // no item open yet: nothing to count against
      const mine = ++asked.current;
      const { ids, waiting } = await (now ?? readPackageNow(packageId, handoffs));
      if (mine === asked.current) keep(openId, itemsLeft(ids, { openId, opened, waiting }));
    },
    [keep, opened, packageId],
  );

  /**
   * The item `openId` is open: count again from `now`, the read the next item is chosen from
   * too (a package gone meanwhile keeps the last count; its end screen follows).
   */
  const opening = useCallback(
    (openId: number, handoffs: HandoffsWaiting, now: Promise<PackageNow>) => {
      at.current = { openId, handoffs };
      count(now).catch(() => undefined);
    },
    [count],
  );

  /** The item `nextId` was taken to open next, chosen from `now`: its count, ready before it shows. */
  const upcoming = useCallback(
    (nextId: number, now: PackageNow) => keep(nextId, itemsLeft(now.ids, { openId: nextId, opened, waiting: now.waiting })),
    [keep, opened],
  );

  useEffect(() => {
    let items: number | null = null;
    return workstation.on('packages.progress', (p) => {
      if (p.packageId !== packageId || p.itemsTotal === items) return;
      items = p.itemsTotal;
      count().catch(() => undefined);
    });
  }, [count, packageId]);

  return { left, opening, upcoming };
}
