import { useEffect, useState } from 'react';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import { workstation } from '../../../host';

/**
 * Where the open item's edits are: all on the server, waiting, kept locally while offline,
 * in conflict with someone else's change, or refused. Follows the journal's events.
 */
export function useJournalState(taskSubjectId: number | undefined): JournalStatus | null {
  const [state, setState] = useState<JournalStatus | null>(null);
  useEffect(() => {
    setState(null);
    if (!taskSubjectId) return;
    let alive = true;
    const off = workstation.on('journal.sync', (e) => {
      if (e.taskSubjectId === taskSubjectId) setState(e);
    });
    workstation
      .invoke('journal.status', { taskSubjectId })
      .then((s) => {
        if (alive) setState((current) => current ?? s);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      off();
    };
  }, [taskSubjectId]);
  return state;
}
