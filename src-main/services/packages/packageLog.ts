import type { LogExtraInfo } from '../../../src-shared/ipc';
import type { PackageRow } from './store';

/**
 * The extra info of a package record: its holder and the step it was taken at (the spec's
 * place fields, as the journal's records carry them), and the package id in the remark, in a
 * form ops can search for. The holder, not whoever is signed in now: a download resumed after
 * a restart runs before anyone signs in.
 */
export function packageExtra(row: Pick<PackageRow, 'packageId' | 'userId' | 'projectId' | 'taskId' | 'workflowId'>, taskSubjectId?: number): LogExtraInfo {
  return {
    userId: row.userId,
    projectId: row.projectId,
    taskId: row.taskId,
    workflowId: row.workflowId,
    ...(taskSubjectId === undefined ? {} : { subjectId: taskSubjectId }),
    remark: `packageId=${row.packageId}`,
  };
}
