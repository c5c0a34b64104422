import { useCallback, useEffect, useRef, useState } from 'react';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import { workstation } from '../../../host';

/**
 * The items this session handed on while the server was away (their submit, skip, pass or
 * reject waits in the journal): how many still wait, and which, so the next claim does not give
 * one back. The journal's events say when one went (it forgets it: synced, no hand-off) or was
 * refused; `onRefused` hears the latter.
 */
export function useWaitingHandoffs(onRefused: (status: JournalStatus) => void) {
  const waiting = useRef(new Set<number>());
  const [count, setCount] = useState(0);
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;

  const settle = useCallback((e: JournalStatus) => {
    if (!waiting.current.has(e.taskSubjectId)) return;
    const sent = e.state === 'synced' && !e.handoff;
    const stopped = e.state === 'refused' || e.state === 'conflict';
    if (!sent && !stopped) return;
    waiting.current.delete(e.taskSubjectId);
    setCount(waiting.current.size);
    if (stopped) refusedRef.current(e);
  }, []);

  useEffect(() => workstation.on('journal.sync', settle), [settle]);

  // Hand-offs left by an earlier session (the app was closed or killed while the server was away).
  const loaded = useRef<Promise<void> | null>(null);
  loaded.current ??= workstation.invoke('journal.handoffs', {}).then(
    (left) => {
      for (const s of left) waiting.current.add(s.taskSubjectId);
      setCount(waiting.current.size);
    },
    () => undefined,
  );

  const add = useCallback(
    (taskSubjectId: number) => {
      waiting.current.add(taskSubjectId);
      setCount(waiting.current.size);
      // It may have gone before this was listening for it.
      workstation.invoke('journal.status', { taskSubjectId }).then(settle, () => undefined);
    },
    [settle],
  );
  /** Which wait, once those of an earlier session are known. */
  const ids = useCallback(async () => {
    await loaded.current;
    return [...waiting.current];
  }, []);
  return { count, add, ids };
}
