import { useCallback, useEffect, useRef } from 'react';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import { workstation } from '../../../host';
import { Watched } from '../../../app/watched';

/** A hand-off the server would not take: refused, or its edits met someone else's (conflict). It waits no more. */
export const handoffStopped = (s: Pick<JournalStatus, 'state'>): boolean => s.state === 'refused' || s.state === 'conflict';

/** What the hand-offs' owner hears of one the server would not take: its status and the item's name. */
export type OnHandoffStopped = (status: JournalStatus, itemName: string | undefined) => void;

/**
 * The items this session handed on (every submit, skip, pass or reject goes through the
 * journal, docs/workspace.md "Never waits"): how many still wait, and which, so the next claim
 * does not give one back. The journal's events say when one went (it forgets it: synced, no
 * hand-off) or stopped (refused, or a conflict); `onSent` hears the former (the queues moved),
 * `onStopped` the latter.
 */
export function useWaitingHandoffs(onStopped: OnHandoffStopped, onSent: () => void) {
  /** waiting hand-offs, with the item's name when this session handed it on */
  const waiting = useRef(new Map<number, string | undefined>());
  const leaving = useRef(new Map<number, (() => void)[]>());
  // Outside React state: a hand-off is counted on the way from Submit to the next item, and a
  // render of the whole workspace for it would sit on that path (only the header shows it).
  const count = useRef(new Watched(0)).current;
  const stoppedRef = useRef(onStopped);
  stoppedRef.current = onStopped;
  const sentRef = useRef(onSent);
  sentRef.current = onSent;

  const settle = useCallback((e: JournalStatus) => {
    if (!waiting.current.has(e.taskSubjectId)) return;
    const sent = e.state === 'synced' && !e.handoff;
    const stopped = handoffStopped(e);
    if (!sent && !stopped) return;
    const name = waiting.current.get(e.taskSubjectId);
    waiting.current.delete(e.taskSubjectId);
    count.set(waiting.current.size);
    for (const resolve of leaving.current.get(e.taskSubjectId) ?? []) resolve();
    leaving.current.delete(e.taskSubjectId);
    if (stopped) stoppedRef.current(e, name);
    else sentRef.current();
  }, [count]);

  useEffect(() => workstation.on('journal.sync', settle), [settle]);

  // Hand-offs left by an earlier session (the app was closed or killed before they were sent).
  // Those the server already refused or found in conflict (sent after a restart with no page
  // listening) do not wait any more: they are reported now, and their items may be opened again
  // to resolve them, rather than stepped around for good.
  const loaded = useRef<Promise<void> | null>(null);
  loaded.current ??= workstation.invoke('journal.handoffs', {}).then(
    (left) => {
      for (const s of left) {
        if (handoffStopped(s)) stoppedRef.current(s, s.place?.itemName);
        else waiting.current.set(s.taskSubjectId, waiting.current.get(s.taskSubjectId));
      }
      count.set(waiting.current.size);
    },
    () => undefined,
  );

  /**
   * `stored`: the hand-off's call to the journal, which the session does not wait for before it
   * opens the next item (docs/workspace.md, "Never waits"). Counted as waiting at once (the
   * next claim steps around it); its status is read once it is stored, and a journal that did
   * not take it is reported like a refusal, with its code.
   */
  const add = useCallback(
    (taskSubjectId: number, itemName: string, stored: Promise<unknown> = Promise.resolve()) => {
      waiting.current.set(taskSubjectId, itemName);
      count.set(waiting.current.size);
      stored.then(
        // It may have gone before this was listening for it.
        () => workstation.invoke('journal.status', { taskSubjectId }).then(settle, () => undefined),
        (err: unknown) => {
          const e = err as { code?: string; message?: string } | null;
          settle({ taskSubjectId, state: 'refused', error: { code: e?.code ?? 'JOURNAL_NOT_OPEN', message: e?.message ?? String(err) } } as JournalStatus);
        },
      );
    },
    [count, settle],
  );
  /** Which wait, once those of an earlier session are known. */
  const ids = useCallback(async () => {
    await loaded.current;
    return [...waiting.current.keys()];
  }, []);
  /** Resolves once the item's hand-off no longer waits (sent, refused or in conflict). */
  const gone = useCallback((taskSubjectId: number) => {
    if (!waiting.current.has(taskSubjectId)) return Promise.resolve();
    return new Promise<void>((resolve) => leaving.current.set(taskSubjectId, [...(leaving.current.get(taskSubjectId) ?? []), resolve]));
  }, []);
  return { count, add, ids, gone };
}
