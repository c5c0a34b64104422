import type { JournalHandoffAction } from '../../../../../src-shared/ipc';
import type { LogExtraInfo } from '../../../../../src-shared/ipc/logs';
import { log } from '../../../app/log';
import type { OpenItem } from './useWorkSession';

/**
 * The workspace's records for ops (info): an item opened, and moved on. Once per item, never per
 * edit or frame: each only queues a record (docs/logging.md, "What the renderer logs").
 * subjectId is the task subject (what the annotator worked on), subjectDataId its data item.
 */
function itemExtra(projectId: number, taskId: number, item: OpenItem): LogExtraInfo {
  const { taskSubject, stepType } = item.open;
  return {
    projectId,
    taskId,
    workflowId: taskSubject.workflowId,
    workflowType: stepType,
    subjectId: item.taskSubjectId,
    subjectDataId: taskSubject.dataId,
  };
}

export function logItemOpened(projectId: number, taskId: number, item: OpenItem, openMs: number): void {
  const { taskSubject, stepType } = item.open;
  const rework = taskSubject.rework ? ', rework' : '';
  log.info(`work: opened task subject ${item.taskSubjectId} at step ${taskSubject.stepIndex} (${stepType}${rework}) in ${Math.round(openMs)} ms`, itemExtra(projectId, taskId, item));
}

const DONE: Record<JournalHandoffAction, string> = { submit: 'submitted', skip: 'skipped', pass: 'passed', reject: 'rejected' };

/** Logged when the action is handed to the journal, which sends it after the item's edits (the journal logs the sending). */
export function logItemMoved(projectId: number, taskId: number, item: OpenItem, action: JournalHandoffAction, activeMs: number, reasonIds: readonly number[] | undefined): void {
  const reasons = action === 'reject' ? `, reasons [${(reasonIds ?? []).join(',')}]` : '';
  log.info(`work: ${DONE[action]} task subject ${item.taskSubjectId}, active ${activeMs} ms${reasons}, handed to the journal`, itemExtra(projectId, taskId, item));
}
