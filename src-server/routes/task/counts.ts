import { TASK_SUBJECT_STATES, type TaskSubjectState } from '../../../src-shared/model/taskSubjectFlow';
import type { StateCounts } from '../../../src-shared/api/task';

export const emptyStates = (): StateCounts => ({ pending: 0, claimed: 0, inProgress: 0, skipped: 0, done: 0 });

/** Adds n to a state's count; a state this server does not know (newer data) is left out, not invented. */
export function addToState(states: StateCounts, state: string, n: number): boolean {
  if (!(TASK_SUBJECT_STATES as readonly string[]).includes(state)) return false;
  states[state as TaskSubjectState] += n;
  return true;
}
