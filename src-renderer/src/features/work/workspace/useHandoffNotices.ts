import { useCallback, useState } from 'react';
import type { JournalStatus } from '../../../../../src-shared/ipc';

/** A hand-off the server would not take, as the notice lists it. */
export interface HandoffNotice {
  taskSubjectId: number;
  /** the item's name when this session handed it on (absent for one left by an earlier session) */
  itemName: string | undefined;
  state: 'refused' | 'conflict';
  error: JournalStatus['error'];
}

/**
 * The hand-offs the server refused or found in conflict, kept until the annotator dismisses
 * them: listed in the header's notice, opened when they choose, so a refusal never takes them
 * off the item in front of them. Their edits stay in the journal meanwhile.
 */
export function useHandoffNotices() {
  const [notices, setNotices] = useState<HandoffNotice[]>([]);
  const add = useCallback((status: JournalStatus, itemName: string | undefined) => {
    const state = status.state === 'conflict' ? 'conflict' : 'refused';
    const notice: HandoffNotice = { taskSubjectId: status.taskSubjectId, itemName, state, error: status.error };
    setNotices((list) => [notice, ...list.filter((n) => n.taskSubjectId !== status.taskSubjectId)]);
  }, []);
  const dismiss = useCallback((taskSubjectId: number) => setNotices((list) => list.filter((n) => n.taskSubjectId !== taskSubjectId)), []);
  return { notices, add, dismiss };
}
