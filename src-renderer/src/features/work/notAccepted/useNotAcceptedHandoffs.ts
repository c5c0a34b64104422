import { useEffect, useState } from 'react';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import { workstation } from '../../../host';
import { handoffStopped } from '../workspace/useWaitingHandoffs';

/** A burst of journal events (a long offline stretch sent at once) is read once, this long after its last. */
const SETTLE_MS = 300;

/**
 * The hand-offs this workstation's journal holds that the server refused or found in conflict,
 * with where they were worked on (`journal.handoffs`): they may have been sent after a restart
 * with no workspace open, so My work lists them. Read again when the journal reports a change.
 */
export function useNotAcceptedHandoffs(): JournalStatus[] {
  const [list, setList] = useState<JournalStatus[]>([]);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () =>
      workstation.invoke('journal.handoffs', {}).then(
        (all) => alive && setList(all.filter(handoffStopped)),
        () => undefined, // the workstation could not answer: the list stays as it was
      );
    void read();
    const off = workstation.on('journal.sync', () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void read(), SETTLE_MS);
    });
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      off();
    };
  }, []);
  return list;
}
