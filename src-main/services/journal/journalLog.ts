import type { LogExtraInfo } from '../../../src-shared/ipc';

/**
 * The extra info of a journal record. The author of the edits, not whoever is signed in now
 * (the browser host serves several users). The task subject's id has no field of its own in
 * the spec's record, so it goes in the remark, in a form ops can search for.
 * The project and task come from the session (the renderer sets them with `session.set`).
 */
export function journalExtra(taskSubjectId: number, userId: number | null): LogExtraInfo {
  return { ...(userId === null ? {} : { userId }), remark: `taskSubjectId=${taskSubjectId}` };
}
