import { useCallback, useRef, useState } from 'react';

/**
 * Whether edits are on their way to the journal (handed over, not yet acknowledged). Until the
 * journal has them, "saved" would be a claim the disk cannot back: the save badge shows them as
 * waiting. Re-renders only when the count crosses zero, not once per edit, so a burst of edits
 * costs the workspace two renders.
 */
export function useEditsInFlight() {
  const count = useRef(0);
  const waiters = useRef<(() => void)[]>([]);
  const [busy, setBusy] = useState(false);
  const track = useCallback(async <T,>(work: Promise<T>): Promise<T> => {
    if (count.current++ === 0) setBusy(true);
    try {
      return await work;
    } finally {
      if (--count.current === 0) {
        setBusy(false);
        for (const resolve of waiters.current.splice(0)) resolve();
      }
    }
  }, []);
  /**
   * Resolves once every edit handed over so far is in the journal. A hand-off must come after
   * them: on the browser host each call is its own HTTP request, which may overtake another.
   */
  const idle = useCallback(() => (count.current === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.current.push(resolve))), []);
  return { busy, track, idle };
}
