import { useEffect, useRef, useState } from 'react';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import { workstation } from '../../../host';
import { useServerReach } from '../../../app/serverReach';

/**
 * Where the open item's edits are: all on the server, waiting, kept locally while offline,
 * in conflict with someone else's change, or refused. Follows the journal's events, and the
 * page's knowledge that the server is away (serverReach.ts).
 */
export function useJournalState(taskSubjectId: number | undefined, editsInFlight = false): JournalStatus | null {
  const away = useServerReach() === 'away';
  // Kept with the item it is about: a new item reads as unknown at once, without a render to
  // clear the last one's (that render sat on the way from Submit to the next item drawn).
  const [held, setHeld] = useState<{ taskSubjectId: number; status: JournalStatus } | null>(null);
  const state = held && held.taskSubjectId === taskSubjectId ? held.status : null;
  const hadEditsInFlight = useRef(false);
  /** journal events seen: a status asked for before the latest event is older than it */
  const events = useRef(0);
  useEffect(() => {
    if (!taskSubjectId) return;
    let alive = true;
    const setState = (status: JournalStatus) => setHeld({ taskSubjectId, status });
    const off = workstation.on('journal.sync', (e) => {
      if (e.taskSubjectId !== taskSubjectId) return;
      events.current++;
      setState(e);
    });
    workstation
      .invoke('journal.status', { taskSubjectId })
      .then((s) => {
        if (alive) setHeld((current) => (current?.taskSubjectId === taskSubjectId ? current : { taskSubjectId, status: s }));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      off();
    };
  }, [taskSubjectId]);

  // Once the journal acknowledged the last edit, ask where it stands: its own event about them
  // may travel another way (the browser host's socket) and arrive after the acknowledgement.
  useEffect(() => {
    if (editsInFlight) {
      hadEditsInFlight.current = true;
      return;
    }
    if (!hadEditsInFlight.current || !taskSubjectId) return;
    hadEditsInFlight.current = false;
    let alive = true;
    const seen = events.current;
    workstation
      .invoke('journal.status', { taskSubjectId })
      .then((s) => alive && events.current === seen && setHeld({ taskSubjectId, status: s }))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [editsInFlight, taskSubjectId]);

  // Edits the journal has not acknowledged are not saved yet, whatever the last status said.
  const shown = editsInFlight && state?.state === 'synced' ? { ...state, state: 'pending' as const, pending: Math.max(1, state.pending) } : state;
  // With the server known to be away, what waits is kept here, not being saved: said at once, not after the send fails.
  if (away && shown?.state === 'pending') return { ...shown, state: 'offline' };
  return shown;
}
