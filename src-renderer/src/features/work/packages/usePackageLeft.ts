import { useCallback, useEffect, useRef, useState } from 'react';
import { workstation } from '../../../host';
import type { HandoffsWaiting } from '../workspace/claimPast';

/**
 * Of a package's items (in the order the workstation keeps them), those still to do in this
 * session: the open one, and every other not opened yet whose hand-off does not wait in the
 * journal. Items handed on in this session count no more even before the server takes them
 * (they wait in the journal, or were refused and are listed in the notice, not offered again).
 */
export function itemsLeft(ids: readonly number[], at: { openId: number | null; opened: ReadonlySet<number>; waiting: readonly number[] }): number {
  return ids.filter((id) => id === at.openId || (!at.opened.has(id) && !at.waiting.includes(id))).length;
}

/**
 * The header's "n left" on a package (docs/offline-day.md): counted on this workstation, never
 * asked of the server, so it goes down item by item offline too. Counted again when an item
 * opens and when the package's item count changes (an item lost with the lease, or handed on).
 */
export function usePackageLeft(packageId: number, opened: ReadonlySet<number>) {
  const [left, setLeft] = useState<number | undefined>(undefined);
  const at = useRef<{ openId: number | null; handoffs: HandoffsWaiting | null }>({ openId: null, handoffs: null });
  // Counts may answer out of order (a bridge call each): only the latest one is shown.
  const asked = useRef(0);

  const count = useCallback(async () => {
    const mine = ++asked.current;
    const { openId, handoffs } = at.current;
    const [{ taskSubjectIds }, waiting] = await Promise.all([workstation.invoke('packages.status', { packageId }), handoffs ? handoffs.ids() : Promise.resolve([])]);
    if (mine === asked.current) setLeft(itemsLeft(taskSubjectIds, { openId, opened, waiting }));
  }, [opened, packageId]);

  /** The item `openId` is open: count again (a package gone meanwhile keeps the last count; its end screen follows). */
  const opening = useCallback(
    (openId: number, handoffs: HandoffsWaiting) => {
      at.current = { openId, handoffs };
      count().catch(() => undefined);
    },
    [count],
  );

  useEffect(() => {
    let items: number | null = null;
    return workstation.on('packages.progress', (p) => {
      if (p.packageId !== packageId || p.itemsTotal === items) return;
      items = p.itemsTotal;
      if (at.current.openId !== null) count().catch(() => undefined);
    });
  }, [count, packageId]);

  return { left, opening };
}
