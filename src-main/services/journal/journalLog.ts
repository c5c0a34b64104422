import type { LogExtraInfo } from '../../../src-shared/ipc';
import type { SubjectRow } from './store';

/**
 * The extra info of a journal record. The author of the edits, not whoever is signed in now
 * (the browser host serves several users). `subjectId` is the task subject, as in the
 * workspace's records; it is also in the remark, in a form ops can search for. Project, task,
 * step and data item are where the workspace said the task subject is worked on when it opened
 * the journal (kept in the journal, so records after a restart carry them too); without that,
 * the session's project and task fill in (the renderer sets them with `session.set`).
 */
export function journalExtra(taskSubjectId: number, row: Pick<SubjectRow, 'userId' | 'place'> | undefined): LogExtraInfo {
  const userId = row?.userId ?? null;
  const p = row?.place;
  // The place's ids are extra-info fields; the item's name is not one (it is in the journal for the page).
  const where = p ? { projectId: p.projectId, taskId: p.taskId, workflowId: p.workflowId, workflowType: p.workflowType, subjectDataId: p.subjectDataId } : {};
  return {
    ...(userId === null ? {} : { userId }),
    ...where,
    subjectId: taskSubjectId,
    remark: `taskSubjectId=${taskSubjectId}`,
  };
}
