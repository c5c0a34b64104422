import type { TFunction } from 'i18next';
import type { ProjectRejectReason } from '../../../../src-shared/api/project';
import type { TaskSubjectLogEntry } from '../../../../src-shared/api/taskSubject';
import { relativeTime } from '../../app/relativeTime';

/** "Rejected by <reviewer> <when>: <the project's reasons ticked>; <their own words>" for a rejection log row. */
export function rejectionText(entry: TaskSubjectLogEntry, reasons: readonly ProjectRejectReason[] | undefined, t: TFunction): string {
  const named = entry.rejectReasonIds.map((id) => reasons?.find((r) => r.id === id)?.reason).filter(Boolean);
  const why = [...named, entry.reason].filter(Boolean).join('; ') || t('work.noReason');
  return t('work.rejectedBy', { name: entry.userName, when: relativeTime(entry.createdAt, t), reason: why });
}
